package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/** A key the store cannot hold: empty, too long for its limits, or not well-formed Unicode. Nothing was written. */
public class InvalidKeyException extends StoreException {
    public InvalidKeyException(String table, Key key, String reason) {
        super("invalid key in " + where(table, key) + ": " + reason, table, key, null);
    }
}
