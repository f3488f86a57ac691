package dev.nosqlpatterns.key;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/** Argument checks and message formatting shared by the key types of this package. */
final class Checks {

    private static final int QUOTE_LIMIT = 120;

    private Checks() {
    }

    /**
     * Requires {@code value} to be an identifier: an ASCII letter followed by ASCII letters,
     * digits, '_', '-' or '.'. Such names never need escaping and never contain a separator.
     */
    static String identifier(String what, String value) {
        Objects.requireNonNull(value, () -> what + " is null");
        if (value.isEmpty()) {
            throw new IllegalArgumentException(what + " is empty; it must start with an ASCII letter");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            boolean ok = i == 0 ? letter
                    : letter || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
            if (!ok) {
                throw new IllegalArgumentException(what + " " + quote(value) + " has " + describe(c)
                        + " at index " + i + "; it must be an ASCII letter followed by ASCII letters,"
                        + " digits, '_', '-' or '.'");
            }
        }
        return value;
    }

    /** Copies {@code values}, rejecting a null list, null elements and unpaired surrogates. */
    static List<String> wellFormedStrings(String what, List<String> values) {
        Objects.requireNonNull(values, () -> what + " is null");
        for (int i = 0; i < values.size(); i++) {
            int at = i;
            String value = values.get(i);
            Objects.requireNonNull(value, () -> what + "[" + at + "] is null");
            noUnpairedSurrogate(() -> what + "[" + at + "] " + quote(value), value);
        }
        return List.copyOf(values);
    }

    /** Rejects a null string or one holding an unpaired surrogate, which has no UTF-8 form. */
    static String wellFormed(String what, String value) {
        Objects.requireNonNull(value, () -> what + " is null");
        return noUnpairedSurrogate(() -> what + " " + quote(value), value);
    }

    /** Rejects a string holding an unpaired surrogate; {@code subject} starts the message. */
    static String noUnpairedSurrogate(String subject, String value) {
        return noUnpairedSurrogate(() -> subject, value);
    }

    /**
     * Rejects a string holding an unpaired surrogate; {@code subject} makes the start of the message, only when
     * there is one (keys are encoded on every call, and a quoted value costs more than the check).
     */
    static String noUnpairedSurrogate(Supplier<String> subject, String value) {
        int bad = Utf8Order.firstUnpairedSurrogate(value);
        if (bad >= 0) {
            throw new IllegalArgumentException(subject.get() + " has an unpaired surrogate "
                    + describe(value.charAt(bad)) + " at index " + bad);
        }
        return value;
    }

    /** Renders a value for a message: strings quoted, anything else by its (shortened) text. */
    static String describeValue(Object value) {
        if (value instanceof String s) {
            return quote(s);
        }
        String text = String.valueOf(value);
        return text.length() <= QUOTE_LIMIT ? text : text.substring(0, QUOTE_LIMIT) + "...";
    }

    /** Renders a character for a message, e.g. {@code '|' (U+007C)}. */
    static String describe(char c) {
        String code = String.format("U+%04X", (int) c);
        return c >= 0x20 && c < 0x7F ? "'" + c + "' (" + code + ")" : code;
    }

    /**
     * Quotes a string for an error message: control characters, quotes, backslashes and
     * surrogates are shown as Java escapes, and long strings are cut short.
     */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), QUOTE_LIMIT) + 16).append('"');
        int shown = Math.min(s.length(), QUOTE_LIMIT);
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7F || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
        if (shown < s.length()) {
            out.append("... (").append(s.length()).append(" chars)");
        }
        return out.toString();
    }
}
