package dev.nosqlpatterns.entity;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;

/**
 * The fixed-width text forms of instants and dates, used both for attributes and inside keys.
 *
 * <p>An {@link Instant} is {@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ} in UTC, always with nine fraction
 * digits, so that text order is chronological order; a {@link LocalDate} is {@code yyyy-MM-dd} and a
 * {@link YearMonth} {@code yyyy-MM}. Only the years 0000 to 9999 have such a form: other values are
 * refused, since a fifth year digit or a sign would break both the width and the order.
 */
final class TimeForms {

    /** The first instant with a form: 0000-01-01T00:00:00Z. */
    static final Instant MIN_INSTANT = Instant.parse("0000-01-01T00:00:00Z");
    /** The last instant with a form: 9999-12-31T23:59:59.999999999Z. */
    static final Instant MAX_INSTANT = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private static final String INSTANT_LAYOUT = "dddd-dd-ddTdd:dd:dd.dddddddddZ";
    private static final String DATE_LAYOUT = "dddd-dd-dd";
    private static final String MONTH_LAYOUT = "dddd-dd";
    static final int INSTANT_WIDTH = INSTANT_LAYOUT.length();
    static final int DATE_WIDTH = DATE_LAYOUT.length();
    static final int MONTH_WIDTH = MONTH_LAYOUT.length();

    private TimeForms() {
    }

    static String instant(Instant t) {
        if (t.isBefore(MIN_INSTANT) || t.isAfter(MAX_INSTANT)) {
            throw new IllegalArgumentException("instant " + t + " is outside the supported range " + MIN_INSTANT
                    + " .. " + MAX_INSTANT + " (stored as fixed-width UTC text so that text order is time order)");
        }
        LocalDateTime d = LocalDateTime.ofEpochSecond(t.getEpochSecond(), t.getNano(), ZoneOffset.UTC);
        StringBuilder out = new StringBuilder(INSTANT_LAYOUT.length());
        date(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), out);
        pad(d.getHour(), 2, out.append('T'));
        pad(d.getMinute(), 2, out.append(':'));
        pad(d.getSecond(), 2, out.append(':'));
        pad(d.getNano(), 9, out.append('.'));
        return out.append('Z').toString();
    }

    static Instant parseInstant(String text) {
        layout(text, INSTANT_LAYOUT, "an instant of the form yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ");
        try {
            return LocalDateTime.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10),
                    number(text, 11, 13), number(text, 14, 16), number(text, 17, 19), number(text, 20, 29))
                    .toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a valid instant: " + e.getMessage(), e);
        }
    }

    static String date(LocalDate d) {
        checkYear(d.getYear(), d);
        StringBuilder out = new StringBuilder(DATE_LAYOUT.length());
        date(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), out);
        return out.toString();
    }

    static LocalDate parseDate(String text) {
        layout(text, DATE_LAYOUT, "a date of the form yyyy-MM-dd");
        try {
            return LocalDate.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a valid date: " + e.getMessage(), e);
        }
    }

    static String month(YearMonth m) {
        checkYear(m.getYear(), m);
        StringBuilder out = new StringBuilder(MONTH_LAYOUT.length());
        pad(m.getYear(), 4, out);
        pad(m.getMonthValue(), 2, out.append('-'));
        return out.toString();
    }

    static YearMonth parseMonth(String text) {
        layout(text, MONTH_LAYOUT, "a year-month of the form yyyy-MM");
        try {
            return YearMonth.of(number(text, 0, 4), number(text, 5, 7));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a valid year-month: " + e.getMessage(), e);
        }
    }

    private static void checkYear(int year, Object value) {
        if (year < 0 || year > 9999) {
            throw new IllegalArgumentException(value + " is outside the supported years 0000 .. 9999"
                    + " (stored as fixed-width text so that text order is time order)");
        }
    }

    private static void date(int year, int month, int day, StringBuilder out) {
        pad(year, 4, out);
        pad(month, 2, out.append('-'));
        pad(day, 2, out.append('-'));
    }

    private static void pad(int value, int width, StringBuilder out) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            out.append('0');
        }
        out.append(digits);
    }

    private static void layout(String text, String layout, String what) {
        boolean ok = text.length() == layout.length();
        for (int i = 0; ok && i < layout.length(); i++) {
            char expected = layout.charAt(i);
            char c = text.charAt(i);
            ok = expected == 'd' ? c >= '0' && c <= '9' : c == expected;
        }
        if (!ok) {
            throw new IllegalArgumentException("\"" + text + "\" is not " + what);
        }
    }

    private static int number(String text, int from, int to) {
        return Integer.parseInt(text, from, to, 10);
    }
}
