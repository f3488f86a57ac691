package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.Objects;
import java.util.Optional;

/**
 * A checked read of a native index, as the store hands it to a backend: the table's declaration, the declared
 * index, a string or number partition value, a sort condition (only {@link SortKeyCondition#all()} on an index
 * without a sort attribute), a direction, a limit of at least one and the position to resume after.
 */
public record IndexRead(TableSpec table, IndexSpec index, Value partitionValue, SortKeyCondition sortCondition,
                        Direction direction, int limit, Optional<IndexPosition> after) {
    public IndexRead {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(index, "index must not be null");
        Objects.requireNonNull(partitionValue, "partition value must not be null");
        Objects.requireNonNull(sortCondition, "sort condition must not be null");
        Objects.requireNonNull(direction, "direction must not be null");
        Objects.requireNonNull(after, "after must not be null (use Optional.empty())");
        if (limit < 1) {
            throw new IllegalArgumentException("index read limit must be at least 1, got " + limit);
        }
    }

    /** The table's name. */
    public String tableName() {
        return table.name();
    }

    /** True when the read goes from the highest sort value down. */
    public boolean isDescending() {
        return direction == Direction.DESCENDING;
    }
}
