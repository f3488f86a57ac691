package dev.nosqlpatterns.enumerable;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The width of a time bucket. Bucket labels are UTC and sort in time order ({@code 2024},
 * {@code 2024-05}, {@code 2024-05-17}, {@code 2024-05-17T13}), for instants in years 0000 to 9999.
 */
public enum Granularity {
    HOUR("uuuu-MM-dd'T'HH"),
    DAY("uuuu-MM-dd"),
    MONTH("uuuu-MM"),
    YEAR("uuuu");

    static final Instant MIN = Instant.parse("0000-01-01T00:00:00Z");
    static final Instant MAX = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private final DateTimeFormatter format;

    Granularity(String pattern) {
        this.format = DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC);
    }

    /** The label of the bucket holding {@code at}. */
    public String label(Instant at) {
        check(at);
        return format.format(at);
    }

    /** The first instant of the bucket after the one holding {@code at}. */
    Instant nextStart(Instant at) {
        LocalDateTime t = LocalDateTime.ofInstant(at, ZoneOffset.UTC);
        LocalDateTime start = switch (this) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
            case DAY -> t.truncatedTo(ChronoUnit.DAYS).plusDays(1);
            case MONTH -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).plusMonths(1);
            case YEAR -> t.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1).plusYears(1);
        };
        return start.toInstant(ZoneOffset.UTC);
    }

    static Instant check(Instant at) {
        if (at == null) {
            throw new NullPointerException("instant must not be null");
        }
        if (at.isBefore(MIN) || at.isAfter(MAX)) {
            throw new IllegalArgumentException("instant " + at + " is outside the supported range " + MIN + " to " + MAX);
        }
        return at;
    }
}
