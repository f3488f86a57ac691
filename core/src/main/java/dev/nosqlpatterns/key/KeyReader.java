package dev.nosqlpatterns.key;

/** A cursor over an encoded composite key that reports problems with key, segment and offset. */
final class KeyReader {

    private final String key;
    private int pos;
    private int segment = -1;
    private SegmentType type;

    KeyReader(String key) {
        this.key = key;
    }

    String key() {
        return key;
    }

    void begin(int segmentIndex, SegmentType segmentType) {
        this.segment = segmentIndex;
        this.type = segmentType;
    }

    int position() {
        return pos;
    }

    /** Consumes every character before {@code position}, which must not be before the current one. */
    void moveTo(int position) {
        if (position < pos || position > key.length()) {
            throw new IllegalArgumentException("cannot move from offset " + pos + " to " + position + " in a key of "
                    + key.length() + " characters");
        }
        pos = position;
    }

    boolean atEnd() {
        return pos >= key.length();
    }

    /** The next character, not consumed. */
    char peek(String expected) {
        if (atEnd()) {
            throw error("the key ends where " + expected + " was expected");
        }
        return key.charAt(pos);
    }

    /** The next character, consumed. */
    char next(String expected) {
        char c = peek(expected);
        pos++;
        return c;
    }

    /** Consumes {@code expected}, or fails naming what it is for. */
    void expect(char expected, String role) {
        char c = peek(role + " '" + expected + "'");
        if (c != expected) {
            throw error("expected " + role + " '" + expected + "' but found " + Checks.describe(c));
        }
        pos++;
    }

    /** Consumes {@code count} characters that must all satisfy {@code valid}. */
    String take(int count, String expected, CharTest valid) {
        int end = pos + count;
        for (int i = pos; i < end; i++) {
            if (i >= key.length()) {
                throw error("the key ends where " + expected + " was expected");
            }
            if (!valid.test(key.charAt(i))) {
                throw error(i, "expected " + expected + " but found " + Checks.describe(key.charAt(i)));
            }
        }
        String taken = key.substring(pos, end);
        pos = end;
        return taken;
    }

    IllegalArgumentException error(String detail) {
        return error(pos, detail);
    }

    IllegalArgumentException error(int at, String detail) {
        String where = segment < 0 ? "" : "segment " + segment + " (" + type + ") ";
        return new IllegalArgumentException("malformed key " + Checks.quote(key) + ": " + where
                + "at offset " + at + ": " + detail);
    }

    /** A test on one character. */
    @FunctionalInterface
    interface CharTest {
        boolean test(char c);
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isUpperHex(char c) {
        return isDigit(c) || (c >= 'A' && c <= 'F');
    }
}
