package dev.nosqlpatterns.store.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A read of a whole logical table, one segment of it, one page at a time.
 *
 * <p>Segments split the table into {@code totalSegments} disjoint parts that can be read in parallel:
 * together they return every item exactly once (absent concurrent writes). Inside a segment, each
 * partition's items come together and in sort-key order; the order of partitions is the store's own. Scans read everything they pass, so they cost what the table holds: prefer a query.
 */
public record Scan(String table, int segment, int totalSegments, int limit, Optional<Cursor> after) {

    /** The most segments a scan may be split into. */
    public static final int MAX_SEGMENTS = 1_000;

    public Scan {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(after, "cursor must not be null (use Optional.empty())");
        if (totalSegments < 1 || totalSegments > MAX_SEGMENTS) {
            throw new IllegalArgumentException("total segments must be between 1 and " + MAX_SEGMENTS
                    + ", got " + totalSegments);
        }
        if (segment < 0 || segment >= totalSegments) {
            throw new IllegalArgumentException("segment must be between 0 and " + (totalSegments - 1)
                    + ", got " + segment);
        }
        if (limit < 1) {
            throw new IllegalArgumentException("scan limit must be at least 1, got " + limit);
        }
    }

    /** The whole table as one segment, {@value Query#DEFAULT_LIMIT} items per page. */
    public static Scan of(String table) {
        return new Scan(table, 0, 1, Query.DEFAULT_LIMIT, Optional.empty());
    }

    public Scan segment(int newSegment, int newTotalSegments) {
        return new Scan(table, newSegment, newTotalSegments, limit, after);
    }

    public Scan limit(int newLimit) {
        return new Scan(table, segment, totalSegments, newLimit, after);
    }

    public Scan after(Cursor cursor) {
        return new Scan(table, segment, totalSegments, limit, Optional.of(cursor));
    }
}
