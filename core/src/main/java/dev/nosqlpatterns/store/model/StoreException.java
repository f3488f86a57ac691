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

    /**
     * Whether contention explains this failure: another writer got there first (a write's condition did not
     * hold, an optimistic write lost every attempt, a unique value is taken), so reading again and deciding,
     * or retrying later, can succeed. Metrics and tracing bindings count these as conflicts rather than
     * errors. False here; true for {@link ConditionFailedException}, {@link ConcurrentUpdateException} (and
     * its subclasses, such as the entity repository's version conflict) and the unique index's
     * {@code UniqueConstraintException}.
     */
    public boolean isConflict() {
        return false;
    }

    static String where(String table, Key key) {
        return "table '" + table + "'" + (key == null ? "" : ", key " + key.abbreviated());
    }
}
