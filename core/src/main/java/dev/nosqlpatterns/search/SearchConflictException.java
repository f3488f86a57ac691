package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.StoreException;

/**
 * An item of an inverted search (a posting chunk or a document's row) kept changing under every one of
 * the bounded attempts to change it; the last attempt wrote nothing. What earlier steps of the same call
 * wrote stays, and is completed by calling again or by {@link InvertedSearch#repair()}.
 */
public class SearchConflictException extends StoreException {
    private final int attempts;

    SearchConflictException(String table, Key key, int attempts, Throwable last) {
        super("item " + key + " in table '" + table + "' changed under each of " + attempts
                + " attempts to update it; nothing was written by the last one. Retry later, or spread concurrent"
                + " writers over more chunks (smaller chunkBits)", table, key, last);
        this.attempts = attempts;
    }

    public int attempts() {
        return attempts;
    }
}
