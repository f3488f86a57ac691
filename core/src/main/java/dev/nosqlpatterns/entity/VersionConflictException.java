package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;

/**
 * A save or delete of a versioned entity found another version than the one it was given: another writer
 * changed (or created, or deleted) the entity since it was read. Nothing was written. Read it again and
 * decide, or use the repository's {@code update}, which applies a change to the current version and retries.
 */
public final class VersionConflictException extends ConcurrentUpdateException {
    private final long expected;
    private final long found;

    VersionConflictException(String typeName, String table, Key key, long expected, long found) {
        super("entity " + key + " of type '" + typeName + "' in table '" + table + "' is at version "
                + (found == 0 ? "0 (absent)" : found) + ", not at the expected version "
                + (expected == 0 ? "0 (absent)" : expected) + "; nothing was written. Read it again, or use update()",
                table, key, 1, null);
        this.expected = expected;
        this.found = found;
    }

    /** The version the write expected: the one its entity carried (0 for a new entity). */
    public long expected() {
        return expected;
    }

    /** The version stored when the write was tried (0 when there was none). */
    public long found() {
        return found;
    }
}
