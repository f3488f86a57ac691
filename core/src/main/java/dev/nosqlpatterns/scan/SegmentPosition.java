package dev.nosqlpatterns.scan;

import dev.nosqlpatterns.store.model.Cursor;
import java.util.Objects;
import java.util.Optional;

/**
 * How far one segment of a bulk scan got: finished, or to resume after {@code after} (empty: from the start).
 */
public record SegmentPosition(boolean finished, Optional<Cursor> after) {
    public SegmentPosition {
        Objects.requireNonNull(after, "after must not be null (use Optional.empty())");
    }

    static SegmentPosition start() {
        return new SegmentPosition(false, Optional.empty());
    }
}
