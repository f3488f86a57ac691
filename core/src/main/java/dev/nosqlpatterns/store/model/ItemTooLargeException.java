package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/** An item (or an atomic write) larger than the store's limit. Nothing was written. */
public class ItemTooLargeException extends StoreException {
    public ItemTooLargeException(String table, Key key, String reason) {
        super("too large for " + where(table, key) + ": " + reason, table, key, null);
    }
}
