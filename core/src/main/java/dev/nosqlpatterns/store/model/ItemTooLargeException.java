package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/** An item (or an atomic write) larger than the store's limit. Nothing was written. */
public class ItemTooLargeException extends StoreException {
    public ItemTooLargeException(String table, Key key, String reason) {
        super("too large for " + where(table, key) + ": " + reason, table, key, null);
    }

    /**
     * The same refusal told in the caller's terms: {@code message} whole (say what the caller wrote, then
     * {@code cause}'s message), the table and key of {@code cause}.
     */
    public ItemTooLargeException(String message, StoreException cause) {
        super(message, cause.table().orElse(null), cause.key().orElse(null), cause);
    }
}
