package dev.nosqlpatterns.composite;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A composite-key index: entries keyed by a tuple such as {@code (State, City, UserID)},
 * found by any leading part of it ("all of CA", "all of CA, San Francisco"), in tuple order or its
 * reverse, page by page.
 *
 * <p>The first {@code partitionSegments} values form the partition key and the rest the sort key,
 * both encoded with {@link CompositeKeyCodec} so that sort keys order exactly like the tuples. A query
 * must name at least the partition values. With zero partition segments every entry shares one
 * partition: the whole index is one ordered range, at the price of a partition that takes all the
 * traffic (DynamoDB serves about 3,000 reads and 1,000 writes a second per partition); with one or
 * more, load spreads and queries name the leading values.
 */
public final class CompositeIndex {
    private static final String ALL = "~all";
    private final Store store;
    private final String table;
    private final List<SegmentType> types;
    private final int partitionSegments;
    private final CompositeKeyCodec partitionCodec;
    private final CompositeKeyCodec sortCodec;

    private CompositeIndex(Store store, String table, List<SegmentType> types, int partitionSegments) {
        this.store = store;
        this.table = table;
        this.types = List.copyOf(types);
        this.partitionSegments = partitionSegments;
        this.partitionCodec = partitionSegments == 0 ? null : new CompositeKeyCodec(types.subList(0, partitionSegments));
        this.sortCodec = new CompositeKeyCodec(types.subList(partitionSegments, types.size()));
    }

    /**
     * An index over {@code table} (created when absent) for tuples of {@code types}, the first
     * {@code partitionSegments} of which form the partition.
     */
    public static CompositeIndex create(Store store, String table, int partitionSegments, SegmentType... types) {
        Objects.requireNonNull(store, "store must not be null");
        List<String> problems = new ArrayList<>();
        if (types.length == 0) {
            problems.add("at least one segment type is needed");
        }
        if (partitionSegments < 0 || partitionSegments >= Math.max(1, types.length)) {
            problems.add("partitionSegments must be between 0 and " + (types.length - 1) + " (the sort key needs"
                    + " at least one segment), got " + partitionSegments);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid composite index on '" + table + "': " + String.join("; ", problems));
        }
        store.createTable(TableSpec.named(table));
        return new CompositeIndex(store, table, Arrays.asList(types), partitionSegments);
    }

    /** Adds or replaces the entry for a full tuple, with optional attributes stored beside it. */
    public void put(List<?> tuple, Map<String, Value> attributes) {
        TechniqueCalls.run(store, "compositeIndex.put", table, () -> {
            store.put(table, new Item(keyOf(tuple), attributes));
        });
    }

    public void put(List<?> tuple) {
        put(tuple, Map.of());
    }

    public void remove(List<?> tuple) {
        TechniqueCalls.run(store, "compositeIndex.remove", table, () -> store.delete(table, keyOf(tuple)));
    }

    /** One page of the entries whose tuples start with {@code leading}, in tuple order or its reverse. */
    public CompositePage query(List<?> leading, boolean descending, int limit, Optional<Cursor> after) {
        return TechniqueCalls.call(store, "compositeIndex.query", table, () -> {
            Query q = queryFor(leading).limit(limit);
            if (descending) {
                q = q.descending();
            }
            Page page = store.query(after.map(q::after).orElse(q));
            return new CompositePage(page.items().stream().map(this::entry).toList(), page.next());
        });
    }

    /** Every entry whose tuple starts with {@code leading}, read page by page as the stream is consumed. */
    public Stream<Entry> queryAll(List<?> leading, boolean descending) {
        return TechniqueCalls.call(store, "compositeIndex.queryAll", table, () -> {
            Query q = queryFor(leading).limit(500);
            return store.queryAll(descending ? q.descending() : q).map(this::entry);
        });
    }

    private Query queryFor(List<?> leading) {
        Objects.requireNonNull(leading, "leading values must not be null");
        if (leading.size() < partitionSegments || leading.size() > types.size()) {
            throw new IllegalArgumentException("a query of index '" + table + "' names between " + partitionSegments
                    + " and " + types.size() + " leading values, got " + leading.size() + ": " + leading);
        }
        String partition = partitionOf(leading.subList(0, partitionSegments));
        List<?> rest = leading.subList(partitionSegments, leading.size());
        SortKeyCondition condition = rest.isEmpty() ? SortKeyCondition.all()
                : SortKeyCondition.beginsWith(sortCodec.prefix(rest));
        return Query.in(table, partition).where(condition);
    }

    private Key keyOf(List<?> tuple) {
        Objects.requireNonNull(tuple, "tuple must not be null");
        if (tuple.size() != types.size()) {
            throw new IllegalArgumentException("index '" + table + "' takes tuples of " + types.size() + " values "
                    + types + ", got " + tuple.size() + ": " + tuple);
        }
        return Key.of(partitionOf(tuple.subList(0, partitionSegments)),
                sortCodec.encode(tuple.subList(partitionSegments, tuple.size())));
    }

    private String partitionOf(List<?> values) {
        return partitionCodec == null ? ALL : partitionCodec.encode(values);
    }

    private Entry entry(Item item) {
        List<Object> tuple = new ArrayList<>();
        if (partitionCodec != null) {
            tuple.addAll(partitionCodec.decode(item.key().partition()));
        }
        tuple.addAll(sortCodec.decode(item.key().sort()));
        return new Entry(tuple, item.attributes());
    }

    /** One index entry: the full tuple and the attributes stored with it. */
    public record Entry(List<Object> tuple, Map<String, Value> attributes) {
        public Entry {
            tuple = List.copyOf(tuple);
            attributes = Map.copyOf(attributes);
        }
    }

    /** A page of entries and the cursor to the next page, when there is one. */
    public record CompositePage(List<Entry> entries, Optional<Cursor> next) {
        public CompositePage {
            entries = List.copyOf(entries);
            Objects.requireNonNull(next, "next");
        }
    }
}
