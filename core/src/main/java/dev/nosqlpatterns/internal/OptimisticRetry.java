package dev.nosqlpatterns.internal;

import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.item.Key;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The bound and the jittered exponential backoff of optimistic writes that lost a race: after each lost
 * attempt {@link #after} reports the retry to the technique call open on the thread
 * ({@code TechniqueCalls.retried()}), pauses a random time up to {@code 2^attempt} ms (capped at {@code maxBackoff}),
 * and after the last one throws {@link ConcurrentUpdateException}.
 *
 * @param maxAttempts attempts before giving up, at least 1
 * @param maxBackoff  the longest pause between attempts
 * @param advice      what the exception tells the caller to do about the contention
 */
public record OptimisticRetry(int maxAttempts, Duration maxBackoff, String advice) {
    public OptimisticRetry {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        if (maxBackoff == null || maxBackoff.isNegative()) {
            throw new IllegalArgumentException("maxBackoff must be zero or positive, got " + maxBackoff);
        }
        Objects.requireNonNull(advice, "advice must not be null");
    }

    /**
     * The version an item gets when it is created, made of the time {@code millis} and random bits: an item
     * deleted and created again must not start at a version it had before, or a writer that read its first
     * life would win a compare-and-set against the second. Later writes add one.
     */
    public static long firstVersion(long millis) {
        return (millis << 12) | java.util.concurrent.ThreadLocalRandom.current().nextInt(1 << 12);
    }

    /** Pauses after the lost {@code attempt} (counted from 1), or throws when it was the last one. */
    public void after(int attempt, String table, Key key, ConditionFailedException lost) {
        if (attempt >= maxAttempts) {
            throw new ConcurrentUpdateException(table, key, maxAttempts, advice, lost);
        }
        TechniqueCalls.retried();
        long capMillis = Math.min(maxBackoff.toMillis(), 1L << Math.min(attempt, 10));
        if (capMillis <= 0) {
            return;
        }
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(capMillis + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while retrying a write of " + key, table, key, e);
        }
    }
}
