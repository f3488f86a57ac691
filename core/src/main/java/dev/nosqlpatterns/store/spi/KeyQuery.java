package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.Objects;
import java.util.Optional;

/**
 * A partition read as a backend receives it: the cursor already decoded into the sort key to resume
 * after (exclusive, in the query's direction).
 */
public record KeyQuery(String table, String partition, SortKeyCondition condition, boolean descending, int limit,
                       Optional<String> startAfter) {
    public KeyQuery {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(startAfter, "startAfter");
    }

    /** True when {@code sortKey} is selected: it matches the condition and lies after {@code startAfter}. */
    public boolean selects(String sortKey) {
        if (!condition.matches(sortKey)) {
            return false;
        }
        if (startAfter.isEmpty()) {
            return true;
        }
        int c = dev.nosqlpatterns.key.Utf8Order.compare(sortKey, startAfter.get());
        return descending ? c < 0 : c > 0;
    }
}
