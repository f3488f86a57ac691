package dev.nosqlpatterns.key;

/**
 * The order-preserving form of a STRING segment.
 *
 * <p>Characters above '!' are written as themselves. A character c from U+0000 to '!' (the C0
 * controls, space and '!') is written as '!' followed by {@code c + 0x3F}, i.e. one of '?'..'`'
 * ('!' + '_' for a space). The segment ends with "!!". Because '!' + '!' sorts below every
 * escape and every unescaped character, and the escapes sort like the characters they stand for,
 * the UTF-8 order of the encodings is the code point order of the strings, a string sorts before
 * its extensions, and no encoding is a prefix of another.
 */
final class StringTokens {

    static final char ESCAPE = '!';
    private static final int SHIFT = 0x3F;

    private StringTokens() {
    }

    static void write(String s, StringBuilder out) {
        int plainFrom = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ESCAPE) {
                out.append(s, plainFrom, i).append(ESCAPE).append((char) (c + SHIFT));
                plainFrom = i + 1;
            }
        }
        out.append(s, plainFrom, s.length()).append(ESCAPE).append(ESCAPE);
    }

    static String read(KeyReader in) {
        String plain = readPlain(in);
        if (plain != null) {
            return plain;
        }
        StringBuilder out = new StringBuilder();
        while (true) {
            int at = in.position();
            char c = in.next("a string character or the terminator \"!!\"");
            if (c == ESCAPE) {
                char code = in.next("the character after the escape '!'");
                if (code == ESCAPE) {
                    return out.toString();
                }
                if (code < SHIFT || code > ESCAPE + SHIFT) {
                    throw in.error(at, "invalid escape '!' followed by " + Checks.describe(code)
                            + "; expected '!' or a character from '?' to '`'");
                }
                out.append((char) (code - SHIFT));
            } else if (c < ESCAPE) {
                throw in.error(at, "unescaped " + Checks.describe(c) + " in a string");
            } else if (Character.isHighSurrogate(c)) {
                char low = in.next("the low surrogate after " + Checks.describe(c));
                if (!Character.isLowSurrogate(low)) {
                    throw in.error(at, "unpaired surrogate " + Checks.describe(c));
                }
                out.append(c).append(low);
            } else if (Character.isLowSurrogate(c)) {
                throw in.error(at, "unpaired surrogate " + Checks.describe(c));
            } else {
                out.append(c);
            }
        }
    }

    /**
     * The common token: characters above the escape, none a surrogate, then the terminator. Returned as a
     * substring of the key, consumed; null, consuming nothing, for any other token.
     */
    private static String readPlain(KeyReader in) {
        String key = in.key();
        int start = in.position();
        for (int i = start; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == ESCAPE) {
                if (i + 1 < key.length() && key.charAt(i + 1) == ESCAPE) {
                    in.moveTo(i + 2);
                    return key.substring(start, i);
                }
                return null;
            }
            if (c < ESCAPE || Character.isSurrogate(c)) {
                return null;
            }
        }
        return null;
    }
}
