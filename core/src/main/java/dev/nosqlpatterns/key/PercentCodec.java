package dev.nosqlpatterns.key;

/**
 * Percent-escaping of the free-text parts of {@link CompactId} and {@link EntityKey}.
 *
 * <p>Only '%', the separators given at construction, the C0 controls (including U+0000) and DEL
 * are escaped, as '%' followed by two upper-case hex digits; everything else is kept as is so
 * that identifiers stay readable. Unescaping accepts only that canonical form, so every text has
 * exactly one spelling.
 */
final class PercentCodec {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final String separators;

    PercentCodec(String separators) {
        this.separators = separators;
    }

    private boolean mustEscape(char c) {
        return c == '%' || c < 0x20 || c == 0x7F || separators.indexOf(c) >= 0;
    }

    void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (mustEscape(c)) {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            } else {
                out.append(c);
            }
        }
    }

    /**
     * Reverses {@link #escape} on {@code text.substring(from, to)}, which must not contain a raw
     * separator. {@code what} names the text in error messages, e.g. {@code compact id "a:b"}.
     */
    String unescape(String text, int from, int to, String what) {
        StringBuilder out = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '%') {
                int hi = i + 2 < to ? hexValue(text.charAt(i + 1)) : -1;
                int lo = i + 2 < to ? hexValue(text.charAt(i + 2)) : -1;
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException(what + " has a malformed escape at index " + i
                            + ": '%' must be followed by two upper-case hex digits, found "
                            + Checks.quote(text.substring(i, Math.min(to, i + 3))));
                }
                char decoded = (char) (hi * 16 + lo);
                if (!mustEscape(decoded)) {
                    throw new IllegalArgumentException(what + " has a needless escape "
                            + Checks.quote(text.substring(i, i + 3)) + " at index " + i + "; write "
                            + Checks.describe(decoded) + " unescaped");
                }
                out.append(decoded);
                i += 2;
            } else if (mustEscape(c)) {
                throw new IllegalArgumentException(what + " has an unescaped " + Checks.describe(c)
                        + " at index " + i);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }
}
