package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;
import java.util.OptionalInt;

/**
 * A write's condition did not hold, so nothing was written. In an atomic write, {@link #writeIndex()}
 * says which write's condition failed, when the store tells.
 */
public class ConditionFailedException extends StoreException {
    private final int writeIndex;

    public ConditionFailedException(String table, Key key, Condition condition) {
        this(table, key, condition, -1);
    }

    public ConditionFailedException(String table, Key key, Condition condition, int writeIndex) {
        super("condition failed in " + where(table, key) + ": expected " + condition
                + (writeIndex >= 0 ? " (write " + writeIndex + " of an atomic write; nothing was written)" : ""),
                table, key, null);
        this.writeIndex = writeIndex;
    }

    public OptionalInt writeIndex() {
        return writeIndex < 0 ? OptionalInt.empty() : OptionalInt.of(writeIndex);
    }

    /** True: another writer changed the item the condition was about. */
    @Override
    public boolean isConflict() {
        return true;
    }
}
