package dev.nosqlpatterns.store.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A read of one partition: the items whose sort keys satisfy a condition, in sort-key order (UTF-8
 * bytes) or its reverse, at most {@code limit} of them, resuming after a {@link Cursor} from the
 * previous page.
 *
 * <p>Build one with {@link #in(String, String)}: {@code Query.in("articles", "provider|2024-05")
 * .where(SortKeyCondition.beginsWith("2024-05-1")).descending().limit(20)}.
 */
public record Query(String table, String partition, SortKeyCondition condition, Direction direction, int limit,
                    Optional<Cursor> after) {

    /** The page size when none is given. */
    public static final int DEFAULT_LIMIT = 100;

    public Query {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(partition, "partition key must not be null");
        Objects.requireNonNull(condition, "sort key condition must not be null");
        Objects.requireNonNull(direction, "direction must not be null");
        Objects.requireNonNull(after, "cursor must not be null (use Optional.empty())");
        if (limit < 1) {
            throw new IllegalArgumentException("query limit must be at least 1, got " + limit);
        }
    }

    /** All items of one partition, ascending, {@value #DEFAULT_LIMIT} per page. */
    public static Query in(String table, String partition) {
        return new Query(table, partition, SortKeyCondition.all(), Direction.ASCENDING, DEFAULT_LIMIT, Optional.empty());
    }

    public Query where(SortKeyCondition newCondition) {
        return new Query(table, partition, newCondition, direction, limit, after);
    }

    public Query descending() {
        return new Query(table, partition, condition, Direction.DESCENDING, limit, after);
    }

    public Query ascending() {
        return new Query(table, partition, condition, Direction.ASCENDING, limit, after);
    }

    public Query limit(int newLimit) {
        return new Query(table, partition, condition, direction, newLimit, after);
    }

    /** The next page: items after the last one of the page that returned {@code cursor}. */
    public Query after(Cursor cursor) {
        return new Query(table, partition, condition, direction, limit, Optional.of(cursor));
    }

    /** True when the read goes from the highest sort key down. */
    public boolean isDescending() {
        return direction == Direction.DESCENDING;
    }
}
