package dev.nosqlpatterns.store;

import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * At most a given number of store calls per second, each call waiting for its turn: calls are spaced evenly, and
 * after a quiet spell up to one second's worth may go at once. Shared by every thread of one store view.
 */
final class CallRateLimit {
    private final long intervalNanos;
    private final long burstNanos;
    private final LongSupplier nanoTime;
    private final LongConsumer sleep;
    private long nextFree;

    CallRateLimit(double callsPerSecond, LongSupplier nanoTime, LongConsumer sleep) {
        if (!(callsPerSecond > 0) || Double.isInfinite(callsPerSecond)) {
            throw new IllegalArgumentException("calls per second must be a positive number, got " + callsPerSecond);
        }
        this.intervalNanos = Math.max(1, (long) (TimeUnit.SECONDS.toNanos(1) / callsPerSecond));
        this.burstNanos = Math.max(intervalNanos, TimeUnit.SECONDS.toNanos(1)) - intervalNanos;
        this.nanoTime = nanoTime;
        this.sleep = sleep;
        this.nextFree = nanoTime.getAsLong() - burstNanos;
    }

    static CallRateLimit of(double callsPerSecond) {
        return new CallRateLimit(callsPerSecond, System::nanoTime, nanos -> {
            long until = System.nanoTime() + nanos;
            for (long left = nanos; left > 0; left = until - System.nanoTime()) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
            }
        });
    }

    /** Waits until this call may go. */
    void admit() {
        long wait = reserve();
        if (wait > 0) {
            sleep.accept(wait);
        }
    }

    /** Takes the next turn and answers how long to wait for it, in nanoseconds. */
    synchronized long reserve() {
        long now = nanoTime.getAsLong();
        long turn = Math.max(nextFree, now - burstNanos);
        nextFree = turn + intervalNanos;
        return Math.max(0, turn - now);
    }
}
