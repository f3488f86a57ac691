package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;
import java.util.Optional;

/**
 * The base of every error a store raises; it names the logical table and key concerned when there is one.
 */
public class StoreException extends RuntimeException {
    private final String table;
    private final Key key;

    public StoreException(String message) {
        this(message, null, null, null);
    }

    public StoreException(String message, Throwable cause) {
        this(message, null, null, cause);
    }

    public StoreException(String message, String table, Key key, Throwable cause) {
        super(message, cause);
        this.table = table;
        this.key = key;
    }

    public Optional<String> table() {
        return Optional.ofNullable(table);
    }

    public Optional<Key> key() {
        return Optional.ofNullable(key);
    }

    static String where(String table, Key key) {
        return "table '" + table + "'" + (key == null ? "" : ", key " + key.abbreviated());
    }
}
