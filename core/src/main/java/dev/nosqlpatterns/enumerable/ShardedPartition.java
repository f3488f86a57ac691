package dev.nosqlpatterns.enumerable;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.internal.Segments;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Write sharding of hot partitions: a logical partition spread over {@code N}
 * physical ones with suffixes {@code /1} to {@code /N} ({@code author:smith/1}), so its writes spread
 * over N store partitions. An item's shard follows from its sort key, so a get is still one request;
 * a query fans out to the N shards and merges them back into one sort-key order.
 *
 * <p>The shard count is recorded in the table; opening it again with another count is refused, since
 * items would then be looked for in the wrong shards.
 */
public final class ShardedPartition {
    private static final Key META = Key.of("~sharding", "~meta");
    private static final String SHARDS = "shards";
    private final Store store;
    private final String table;
    private final int shards;

    private ShardedPartition(Store store, String table, int shards) {
        this.store = store;
        this.table = table;
        this.shards = shards;
    }

    /** Opens (creating when absent) a sharded table; refuses a count different from the recorded one. */
    public static ShardedPartition open(Store store, String table, int shards) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(table);
        if (shards < 1 || shards > 1_000) {
            throw new IllegalArgumentException("shard count must be between 1 and 1000, got " + shards);
        }
        store.createTable(TableSpec.named(table));
        Item meta = Item.builder(META).put(SHARDS, shards).build();
        try {
            store.put(table, meta, Condition.ifAbsent());
        } catch (ConditionFailedException exists) {
            long recorded = store.get(table, META).flatMap(i -> i.getLong(SHARDS)).orElse((long) shards);
            if (recorded != shards) {
                throw new IllegalStateException("table '" + table + "' holds data sharded " + recorded
                        + " ways; opening it with " + shards + " shards would look for items in the wrong shards."
                        + " To change the count, copy the items into a new table opened with the new count"
                        + " (a scan and a batch write), then switch readers to it.");
            }
        }
        return new ShardedPartition(store, table, shards);
    }

    public int shards() {
        return shards;
    }

    /** The physical partition holding {@code sortKey} of {@code partition}. */
    public String shardOf(String partition, String sortKey) {
        return partition + "/" + (1 + Segments.of(sortKey, shards));
    }

    public void put(String partition, String sortKey, Map<String, Value> attributes) {
        TechniqueCalls.run(store, "shardedPartition.put", table, () -> {
            store.put(table, new Item(Key.of(shardOf(partition, sortKey), sortKey), attributes));
        });
    }

    public Optional<Item> get(String partition, String sortKey) {
        return TechniqueCalls.call(store, "shardedPartition.get", table, () -> {
            return store.get(table, Key.of(shardOf(partition, sortKey), sortKey)).map(i -> unsharded(partition, i));
        });
    }

    public void delete(String partition, String sortKey) {
        TechniqueCalls.run(store, "shardedPartition.delete", table, () -> {
            store.delete(table, Key.of(shardOf(partition, sortKey), sortKey));
        });
    }

    /** Items of the logical partition matching {@code condition}, merged from all shards in sort-key order. */
    public Stream<Item> query(String partition, SortKeyCondition condition, boolean descending) {
        return TechniqueCalls.call(store, "shardedPartition.query", table, () -> {
            Comparator<Head> order = Comparator.comparing(h -> h.current.key().sort(), Utf8Order.COMPARATOR);
            PriorityQueue<Head> heads = new PriorityQueue<>(descending ? order.reversed() : order);
            List<Query> queries = new ArrayList<>();
            for (int s = 1; s <= shards; s++) {
                Query q = Query.in(table, partition + "/" + s).where(condition).limit(200);
                queries.add(descending ? q.descending() : q);
            }
            List<Iterator<Item>> sources = store.queryEachLazily(queries).stream().map(Stream::iterator).toList();
            for (Iterator<Item> source : sources) {
                if (source.hasNext()) {
                    heads.add(new Head(source.next(), source));
                }
            }
            Iterator<Item> merged = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return !heads.isEmpty();
                }

                @Override
                public Item next() {
                    Head head = heads.poll();
                    if (head == null) {
                        throw new java.util.NoSuchElementException();
                    }
                    Item out = head.current;
                    if (head.source.hasNext()) {
                        heads.add(new Head(head.source.next(), head.source));
                    }
                    return unsharded(partition, out);
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(merged, Spliterator.ORDERED), false);
        });
    }

    private static Item unsharded(String partition, Item item) {
        return new Item(Key.of(partition, item.key().sort()), item.attributes());
    }

    private record Head(Item current, Iterator<Item> source) {
    }
}
