package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/**
 * An item kept changing under every one of the bounded attempts of an optimistic read-modify-write
 * (an aggregate, an index entry, a posting chunk); the last attempt wrote nothing.
 */
public class ConcurrentUpdateException extends StoreException {
    private final int attempts;

    public ConcurrentUpdateException(String table, Key key, int attempts, String advice, Throwable last) {
        super("item " + key + " in table '" + table + "' changed under each of " + attempts
                + " attempts to update it; nothing was written by the last one. " + advice, table, key, last);
        this.attempts = attempts;
    }

    /** For subclasses that say more precisely what changed. */
    protected ConcurrentUpdateException(String message, String table, Key key, int attempts, Throwable last) {
        super(message, table, key, last);
        this.attempts = attempts;
    }

    public int attempts() {
        return attempts;
    }

    /** True: other writers kept changing the item. */
    @Override
    public boolean isConflict() {
        return true;
    }
}
