package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.ConditionFailedException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/** The bound and the jittered exponential backoff of optimistic writes that lost a race. */
record Retry(int maxAttempts, Duration maxBackoff) {

    /** Pauses after the failed {@code attempt}, or throws when it was the last one. */
    void after(int attempt, String table, Key key, ConditionFailedException lost) {
        if (attempt >= maxAttempts) {
            throw new SearchConflictException(table, key, maxAttempts, lost);
        }
        long capMillis = Math.min(maxBackoff.toMillis(), 1L << Math.min(attempt, 10));
        if (capMillis <= 0) {
            return;
        }
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(capMillis + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a write of " + key, e);
        }
    }
}
