package dev.nosqlpatterns.key;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The order-preserving form of a TIMESTAMP segment (without the trailing separator).
 *
 * <p>Instants in the years 0000 to 9999 UTC are written readably and with fixed width as
 * {@code yyyy-MM-ddTHH:mm:ss}. Earlier instants are {@code -} and later ones {@code ~}, each
 * followed by 14 upper-case hex digits counting seconds from {@link Instant#MIN}; '-' sorts below
 * every digit and '~' above. A nonzero nanosecond part follows as '.' and 3, 6 or 9 digits (the
 * fewest that are exact, as in {@link Instant#toString()}). The separator '!' after the token
 * sorts below '.', so a whole second sorts before any instant within it.
 */
final class InstantTokens {

    private static final long MIN_SECOND = Instant.MIN.getEpochSecond();
    private static final long MAX_SECOND = Instant.MAX.getEpochSecond();
    /** 0000-01-01T00:00:00Z. */
    private static final long READABLE_FROM = -62_167_219_200L;
    /** 10000-01-01T00:00:00Z. */
    private static final long READABLE_UNTIL = 253_402_300_800L;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final String LAYOUT = "dddd-dd-ddTdd:dd:dd";

    private InstantTokens() {
    }

    static void write(Instant instant, StringBuilder out) {
        long second = instant.getEpochSecond();
        if (second < READABLE_FROM || second >= READABLE_UNTIL) {
            out.append(second < READABLE_FROM ? '-' : '~');
            long offset = second - MIN_SECOND;
            for (int shift = 52; shift >= 0; shift -= 4) {
                out.append(HEX[(int) (offset >>> shift) & 0xF]);
            }
        } else {
            LocalDateTime t = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC);
            pad(t.getYear(), 4, out);
            pad(t.getMonthValue(), 2, out.append('-'));
            pad(t.getDayOfMonth(), 2, out.append('-'));
            pad(t.getHour(), 2, out.append('T'));
            pad(t.getMinute(), 2, out.append(':'));
            pad(t.getSecond(), 2, out.append(':'));
        }
        int nano = instant.getNano();
        if (nano != 0) {
            int digits = nano % 1_000_000 == 0 ? 3 : nano % 1_000 == 0 ? 6 : 9;
            int shown = digits == 3 ? nano / 1_000_000 : digits == 6 ? nano / 1_000 : nano;
            pad(shown, digits, out.append('.'));
        }
    }

    private static void pad(int value, int width, StringBuilder out) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            out.append('0');
        }
        out.append(digits);
    }

    static Instant read(KeyReader in) {
        int at = in.position();
        char lead = in.peek("a TIMESTAMP");
        long second;
        if (lead == '-' || lead == '~') {
            in.next("a TIMESTAMP");
            String hex = in.take(14, "an upper-case hex digit of a TIMESTAMP", KeyReader::isUpperHex);
            second = Long.parseLong(hex, 16) + MIN_SECOND;
            if (second > MAX_SECOND) {
                throw in.error(at, "TIMESTAMP seconds " + hex + " lie beyond Instant.MAX");
            }
        } else {
            String text = in.take(LAYOUT.length(), "a TIMESTAMP of the form yyyy-MM-ddTHH:mm:ss",
                    new LayoutTest());
            try {
                second = LocalDateTime.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10),
                        number(text, 11, 13), number(text, 14, 16), number(text, 17, 19))
                        .toEpochSecond(ZoneOffset.UTC);
            } catch (DateTimeException e) {
                throw in.error(at, "invalid TIMESTAMP " + Checks.quote(text) + ": " + e.getMessage());
            }
        }
        int nano = 0;
        if (!in.atEnd() && in.peek("'.'") == '.') {
            int dot = in.position();
            in.next("'.'");
            StringBuilder digits = new StringBuilder();
            while (!in.atEnd() && KeyReader.isDigit(in.peek("a digit"))) {
                digits.append(in.next("a digit"));
            }
            int n = digits.length();
            if (n != 3 && n != 6 && n != 9) {
                throw in.error(dot, "a TIMESTAMP fraction has 3, 6 or 9 digits, not " + n);
            }
            nano = Integer.parseInt(digits.toString()) * (n == 3 ? 1_000_000 : n == 6 ? 1_000 : 1);
        }
        return Instant.ofEpochSecond(second, nano);
    }

    private static int number(String text, int from, int to) {
        return Integer.parseInt(text, from, to, 10);
    }

    /** Checks each character of the readable form against {@link #LAYOUT}. */
    private static final class LayoutTest implements KeyReader.CharTest {
        private int index;

        @Override
        public boolean test(char c) {
            char expected = LAYOUT.charAt(index++);
            return expected == 'd' ? KeyReader.isDigit(c) : c == expected;
        }
    }
}
