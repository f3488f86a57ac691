package dev.nosqlpatterns.mongodb;

/**
 * The stored form of sort keys: a string that sorts the same way on every server as the key's UTF-8
 * bytes do.
 *
 * <p>MongoDB compares strings by their UTF-8 bytes, but some wire-compatible servers (mongo-java-server)
 * compare Java strings, in UTF-16 order, which puts supplementary characters before U+E000..U+FFFF.
 * Both orders agree on strings without surrogates, so code points up to U+D7FF are kept as they are
 * (ASCII keys stay readable) and every higher code point becomes two characters from the private use
 * area: {@code U+E000 + (v >> 12)} then {@code U+E000 + (v & 0xFFF)}, with {@code v = cp - 0xE000}. The
 * mapping is order-preserving and prefix-free, so prefixes and ranges survive it.
 */
final class SortKeys {
    private static final int HIGH = 0xE000;

    private SortKeys() {
    }

    /** The stored form of a well-formed sort key. */
    static String encode(String key) {
        StringBuilder out = null;
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            if (cp >= HIGH && out == null) {
                out = new StringBuilder(key.length() + 8).append(key, 0, i);
            }
            if (out != null) {
                if (cp < HIGH) {
                    out.append((char) cp);
                } else {
                    int v = cp - HIGH;
                    out.append((char) (HIGH + (v >> 12))).append((char) (HIGH + (v & 0xFFF)));
                }
            }
            i += Character.charCount(cp);
        }
        return out == null ? key : out.toString();
    }

    /** The sort key a stored form stands for. */
    static String decode(String stored) {
        int first = firstHigh(stored);
        if (first < 0) {
            return stored;
        }
        StringBuilder out = new StringBuilder(stored.length()).append(stored, 0, first);
        for (int i = first; i < stored.length(); i++) {
            char c = stored.charAt(i);
            if (c < HIGH) {
                out.append(c);
            } else {
                if (i + 1 >= stored.length()) {
                    throw new IllegalArgumentException("stored sort key ends inside an encoded character");
                }
                int v = ((c - HIGH) << 12) | (stored.charAt(++i) - HIGH);
                out.appendCodePoint(HIGH + v);
            }
        }
        return out.toString();
    }

    private static int firstHigh(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= HIGH) {
                return i;
            }
        }
        return -1;
    }
}
