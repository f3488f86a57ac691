package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/** A request the store refuses as malformed (a cursor from another query, an update on a value of the wrong type...). */
public class InvalidRequestException extends StoreException {
    public InvalidRequestException(String message) {
        super(message);
    }

    public InvalidRequestException(String table, Key key, String reason) {
        super("invalid request on " + where(table, key) + ": " + reason, table, key, null);
    }

    /**
     * The same refusal told in the caller's terms: {@code message} whole (say what the caller wrote, then
     * {@code cause}'s message), the table and key of {@code cause}.
     */
    public InvalidRequestException(String message, StoreException cause) {
        super(message, cause.table().orElse(null), cause.key().orElse(null), cause);
    }
}
