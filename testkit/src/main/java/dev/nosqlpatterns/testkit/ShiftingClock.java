package dev.nosqlpatterns.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock the test moves forward by hand; it starts at the real time. */
public final class ShiftingClock extends Clock {
    private final AtomicLong offsetMillis = new AtomicLong();

    /** Moves the clock forward by {@code step}. */
    public void advance(Duration step) {
        offsetMillis.addAndGet(step.toMillis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a shifting clock stays in UTC");
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public long millis() {
        return System.currentTimeMillis() + offsetMillis.get();
    }
}
