package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Value;
import java.util.Objects;
import java.util.Optional;

/**
 * A read of a native secondary index: items of {@code table} whose index partition attribute equals
 * {@code partitionValue} and whose (string) sort attribute satisfies {@code sortCondition}.
 */
public record IndexQuery(String table, String index, Value partitionValue, SortKeyCondition sortCondition,
                         Direction direction, int limit, Optional<Cursor> after) {
    public IndexQuery {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(partitionValue, "partition value");
        Objects.requireNonNull(sortCondition, "sort condition");
        Objects.requireNonNull(direction, "direction must not be null");
        Objects.requireNonNull(after, "after");
        if (limit < 1) {
            throw new IllegalArgumentException("index query limit must be at least 1, got " + limit);
        }
    }

    public static IndexQuery of(String table, String index, Value partitionValue) {
        return new IndexQuery(table, index, partitionValue, SortKeyCondition.all(), Direction.ASCENDING, 100, Optional.empty());
    }

    public IndexQuery where(SortKeyCondition condition) {
        return new IndexQuery(table, index, partitionValue, condition, direction, limit, after);
    }

    public IndexQuery limit(int newLimit) {
        return new IndexQuery(table, index, partitionValue, sortCondition, direction, newLimit, after);
    }

    public IndexQuery descending() {
        return new IndexQuery(table, index, partitionValue, sortCondition, Direction.DESCENDING, limit, after);
    }

    public IndexQuery after(Cursor cursor) {
        return new IndexQuery(table, index, partitionValue, sortCondition, direction, limit, Optional.of(cursor));
    }

    /** True when the read goes from the highest sort key down. */
    public boolean isDescending() {
        return direction == Direction.DESCENDING;
    }
}
