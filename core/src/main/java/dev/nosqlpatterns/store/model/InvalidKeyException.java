package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/** A key the store cannot hold: empty, too long for its limits, or not well-formed Unicode. Nothing was written. */
public class InvalidKeyException extends StoreException {
    public InvalidKeyException(String table, Key key, String reason) {
        super("invalid key in " + where(table, key) + ": " + reason, table, key, null);
    }

    /**
     * The same refusal told in the caller's terms: {@code message} whole (say what the caller wrote, then
     * {@code cause}'s message), the table and key of {@code cause}.
     */
    public InvalidKeyException(String message, StoreException cause) {
        super(message, cause.table().orElse(null), cause.key().orElse(null), cause);
    }
}
