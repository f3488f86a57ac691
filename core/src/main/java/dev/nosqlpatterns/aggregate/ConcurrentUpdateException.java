package dev.nosqlpatterns.aggregate;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.StoreException;

/** An aggregate kept changing under an update until its retry bound ran out; the last attempt wrote nothing. */
public class ConcurrentUpdateException extends StoreException {
    private final int attempts;

    ConcurrentUpdateException(String table, Key key, int attempts, Throwable last) {
        super("aggregate " + key + " in table '" + table + "' changed under each of " + attempts
                + " attempts to update it; nothing was written by the last one. Retry later, or reduce contention"
                + " on this aggregate (e.g. with an atomic update or a sharded counter).", table, key, last);
        this.attempts = attempts;
    }

    public int attempts() {
        return attempts;
    }
}
