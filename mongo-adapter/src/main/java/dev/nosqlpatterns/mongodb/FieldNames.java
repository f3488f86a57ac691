package dev.nosqlpatterns.mongodb;

/**
 * Attribute names as MongoDB field names, escaped reversibly so that no user name can act as an operator
 * ({@code $set}), a path ({@code a.b}) or one of this adapter's own markers ({@code %ss}).
 *
 * <p>{@code %}, {@code .}, {@code $} and NUL (which BSON field names cannot hold) become {@code %25},
 * {@code %2E}, {@code %24} and {@code %00}; everything else is kept. Markers are {@code %} followed by
 * letters that are not two hex digits, so no escaped name ever equals one.
 */
final class FieldNames {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private FieldNames() {
    }

    static String escape(String name) {
        int i = 0;
        while (i < name.length() && !special(name.charAt(i))) {
            i++;
        }
        if (i == name.length()) {
            return name;
        }
        StringBuilder out = new StringBuilder(name.length() + 8).append(name, 0, i);
        for (; i < name.length(); i++) {
            char c = name.charAt(i);
            if (special(c)) {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    static String unescape(String field) {
        int i = field.indexOf('%');
        if (i < 0) {
            return field;
        }
        StringBuilder out = new StringBuilder(field.length()).append(field, 0, i);
        for (; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i + 2 >= field.length()) {
                throw new IllegalArgumentException("field name '" + field + "' has a truncated escape");
            }
            out.append((char) Integer.parseInt(field.substring(i + 1, i + 3), 16));
            i += 2;
        }
        return out.toString();
    }

    /** The dotted path of an attribute inside the stored document. */
    static String path(String attribute) {
        return Documents.ATTRIBUTES + "." + escape(attribute);
    }

    private static boolean special(char c) {
        return c == '%' || c == '.' || c == '$' || c == 0;
    }
}
