package dev.nosqlpatterns.key;

import java.util.Comparator;
import java.util.Optional;

/**
 * The one order every store sorts keys in: by the bytes of their UTF-8 encoding.
 *
 * <p>UTF-8 byte order equals Unicode code point order, which differs from {@link String#compareTo}
 * (UTF-16 code unit order) for supplementary characters versus BMP characters from U+E000 up.
 * Everything in this library that orders sort keys uses this comparator, never {@code compareTo}.
 */
public final class Utf8Order {

    /** Compares strings by their UTF-8 bytes without encoding them. */
    public static final Comparator<String> COMPARATOR = Utf8Order::compare;

    private Utf8Order() {
    }

    /** Compares two strings by their UTF-8 encodings; both must be well formed. */
    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if (ca != cb) {
                // Surrogates (U+D800..U+DFFF) stand for code points above U+FFFF, so they must sort
                // after U+E000..U+FFFF: lift them above the whole BMP before comparing.
                return Integer.compare(rank(ca), rank(cb));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int rank(char c) {
        return Character.isSurrogate(c) ? c + 0x10000 : c;
    }

    /** Number of bytes of the UTF-8 encoding of {@code s}, counted without allocating. */
    public static int utf8Length(String s) {
        int n = s.length();
        int ascii = 0;
        while (ascii < n && s.charAt(ascii) < 0x80) {
            ascii++;
        }
        if (ascii == n) {
            return n;
        }
        int bytes = ascii;
        for (int i = ascii; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** Index of the first unpaired surrogate in {@code s}, or -1 when it is well formed UTF-16. */
    public static int firstUnpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            } else if (Character.isLowSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The smallest string that is greater than every string starting with {@code prefix}, or empty
     * when no such string exists (the prefix is made only of U+10FFFF, or is empty). A prefix query
     * is the half-open range {@code [prefix, prefixUpperBound(prefix))}.
     */
    public static Optional<String> prefixUpperBound(String prefix) {
        int end = prefix.length();
        while (end > 0) {
            int cp = prefix.codePointBefore(end);
            int width = Character.charCount(cp);
            if (cp != Character.MAX_CODE_POINT) {
                int next = cp == 0xD7FF ? 0xE000 : cp + 1;
                return Optional.of(prefix.substring(0, end - width) + new String(Character.toChars(next)));
            }
            end -= width;
        }
        return Optional.empty();
    }
}
