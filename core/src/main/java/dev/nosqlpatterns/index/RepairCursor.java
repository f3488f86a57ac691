package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.model.Cursor;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a paged verify or repair stopped: the pass (1 reads the base table for missing entries, 2 reads
 * the index table for stale ones) and the scan cursor inside it. Serializable as its token, so a long
 * repair can resume in another process.
 */
public record RepairCursor(int pass, Optional<Cursor> scanCursor) {
    public RepairCursor {
        if (pass != 1 && pass != 2) {
            throw new IllegalArgumentException("a repair pass is 1 or 2, got " + pass);
        }
        Objects.requireNonNull(scanCursor, "scan cursor must not be null (use Optional.empty())");
    }

    /** The beginning of a verify or repair. */
    public static RepairCursor start() {
        return new RepairCursor(1, Optional.empty());
    }
}
