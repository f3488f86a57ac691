package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;

/**
 * The store could not be reached or kept failing after bounded retries. The write it interrupted may or
 * may not have taken effect.
 */
public class StoreUnavailableException extends StoreException {
    public StoreUnavailableException(String message, String table, Key key, Throwable cause) {
        super(message, table, key, cause);
    }
}
