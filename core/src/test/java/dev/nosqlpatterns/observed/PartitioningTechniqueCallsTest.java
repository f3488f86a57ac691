package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.nested.NestedFlattening;
import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.SequentialLog;
import dev.nosqlpatterns.enumerable.ShardedPartition;
import dev.nosqlpatterns.rollup.FrameAggregation;
import dev.nosqlpatterns.scan.BulkScan;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.aggregate.AggregateStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Every public call of the partitioning, rollup, scan, nested-document and versioning techniques is a
 * technique call.
 */
class PartitioningTechniqueCallsTest {
    private static final String FACTORY = "construction: checks its settings and declares tables, no access pattern";
    private static final String ACCESSOR = "an accessor of the technique's settings, no store call";
    private static final String SETTING = "a setting of the scan to run, no store call";
    private static final Instant NOON = Instant.parse("2024-05-01T12:00:00Z");

    private static Store store(String... tables) {
        Store store = Store.of(new MemoryBackend());
        for (String t : tables) {
            store.createTable(TableSpec.named(t));
        }
        return store;
    }

    private static Item item(String partition, String sort, String colour) {
        return Item.builder(partition, sort).put("colour", colour).build();
    }

    @Test
    void bucketedTimeline() {
        try (Store store = store()) {
            BucketedTimeline timeline = BucketedTimeline.create(store, "events", "event_buckets", Granularity.DAY);
            EntryPoints calls = new EntryPoints(store, BucketedTimeline.class)
                    .exempt("create(Store,String,String,Granularity)", FACTORY)
                    .exempt("withDirectReads(int)", "returns the timeline with another read setting, no store call");
            calls.runs("put(String,Instant,String,Map)", "timeBuckets.put",
                    () -> timeline.put("news", NOON, "a", Map.of("title", Value.of("A"))));
            timeline.put("news", NOON.plusSeconds(86_400), "b", Map.of());
            assertEquals(2, calls.succeeds("buckets(String)", "timeBuckets.buckets", () -> timeline.buckets("news"))
                    .size());
            assertEquals(2, calls.succeeds("between(String,Instant,Instant,boolean)", "timeBuckets.between",
                    () -> timeline.between("news", NOON, NOON.plusSeconds(2 * 86_400), false)).count());
            assertEquals(2, calls.succeeds("forwardFrom(String,Instant)", "timeBuckets.forwardFrom",
                    () -> timeline.forwardFrom("news", NOON)).count());
            assertEquals(1, calls.succeeds("backwardFrom(String,Instant)", "timeBuckets.backwardFrom",
                    () -> timeline.backwardFrom("news", NOON)).count());
            calls.runs("delete(String,Instant,String)", "timeBuckets.delete", () -> timeline.delete("news", NOON, "a"));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void sequentialLog() {
        try (Store store = store()) {
            SequentialLog log = SequentialLog.create(store, "log", "log_counters");
            EntryPoints calls = new EntryPoints(store, SequentialLog.class)
                    .exempt("create(Store,String,String)", FACTORY);
            assertEquals(1L, calls.succeeds("nextId(String)", "sequentialLog.nextId", () -> log.nextId("orders")));
            assertEquals(2L, calls.succeeds("reserve(String,int)", "sequentialLog.reserve", () -> log.reserve("orders", 3)));
            assertEquals(5L, calls.succeeds("append(String,Map)", "sequentialLog.append",
                    () -> log.append("orders", Map.of("total", Value.of(7)))));
            log.append("orders", Map.of());
            assertEquals(6L, calls.succeeds("lastId(String)", "sequentialLog.lastId", () -> log.lastId("orders")));
            assertTrue(calls.succeeds("get(String,long)", "sequentialLog.get", () -> log.get("orders", 5)).isPresent());
            assertEquals(6L, calls.succeeds("next(String,long)", "sequentialLog.next", () -> log.next("orders", 5))
                    .orElseThrow().id());
            assertEquals(5L, calls.succeeds("previous(String,long)", "sequentialLog.previous",
                    () -> log.previous("orders", 6)).orElseThrow().id());
            assertEquals(2, calls.succeeds("latest(String,int)", "sequentialLog.latest", () -> log.latest("orders", 5))
                    .size());
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void shardedPartition() {
        try (Store store = store()) {
            ShardedPartition hot = ShardedPartition.open(store, "votes", 4);
            EntryPoints calls = new EntryPoints(store, ShardedPartition.class)
                    .exempt("open(Store,String,int)", FACTORY).exempt("shards()", ACCESSOR)
                    .exempt("shardOf(String,String)", "a pure function of its arguments, no store call");
            calls.runs("put(String,String,Map)", "shardedPartition.put",
                    () -> hot.put("poll", "v1", Map.of("choice", Value.of("a"))));
            hot.put("poll", "v2", Map.of());
            assertTrue(calls.succeeds("get(String,String)", "shardedPartition.get", () -> hot.get("poll", "v1"))
                    .isPresent());
            assertEquals(2, calls.succeeds("query(String,SortKeyCondition,boolean)", "shardedPartition.query",
                    () -> hot.query("poll", SortKeyCondition.all(), false)).count());
            calls.runs("delete(String,String)", "shardedPartition.delete", () -> hot.delete("poll", "v1"));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void frameAggregation() {
        try (Store store = store("visits")) {
            store.put("visits", item("page|1", "a", "red"));
            store.put("visits", item("page|1", "b", "blue"));
            store.put("visits", item("page|2", "a", "red"));
            FrameAggregation frames = FrameAggregation.over(store, "visits", 2, 10);
            EntryPoints calls = new EntryPoints(store, FrameAggregation.class)
                    .exempt("over(Store,String,int,int)", FACTORY);
            AtomicLong seen = new AtomicLong();
            calls.runs("forEachFrame(Consumer)", "frameAggregation.forEachFrame",
                    () -> frames.forEachFrame(f -> seen.incrementAndGet()));
            assertEquals(2, seen.get());
            calls.runs("forEachFrameIn(int,Consumer)", "frameAggregation.forEachFrameIn",
                    () -> frames.forEachFrameIn(0, f -> seen.incrementAndGet()));
            calls.runs("distinctValuesPerFrame(Function,Consumer)", "frameAggregation.distinctValuesPerFrame",
                    () -> frames.distinctValuesPerFrame(i -> i.getString("colour"), v -> seen.incrementAndGet()));
            assertEquals(Map.of("red", 2L, "blue", 1L), calls.succeeds("framesPerValue(Function)",
                    "frameAggregation.framesPerValue", () -> frames.framesPerValue(i -> i.getString("colour"))));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void bulkScanAndShadowTable() {
        try (Store store = store("orders")) {
            ShadowTable shadow = ShadowTable.of(store, "orders", "orders_by_colour", ShadowTable.keeping("colour"));
            EntryPoints shadowCalls = new EntryPoints(store, ShadowTable.class)
                    .exempt("of(Store,String,String,Function)", FACTORY)
                    .exempt("keeping(String[])", "makes a projection, a pure function; no store call")
                    .exempt("batchAudit(boolean)", "opens an audit; its calls are checked below");
            shadowCalls.runs("put(Item)", "shadowTable.put", () -> shadow.put(item("order|1", "<BASE>", "red")));
            shadow.put(item("order|2", "<BASE>", "blue"));
            assertTrue(shadowCalls.succeeds("verify()", "shadowTable.verify", shadow::verify).consistent());
            shadowCalls.succeeds("repair()", "shadowTable.repair", shadow::repair);
            shadowCalls.runs("delete(Key)", "shadowTable.delete", () -> shadow.delete(Key.of("order|2", "<BASE>")));
            shadowCalls.assertEveryOneChecked();
            EntryPoints auditCalls = new EntryPoints(store, ShadowTable.BatchAudit.class);
            ShadowTable.BatchAudit audit = shadow.batchAudit(true);
            auditCalls.succeeds("checkPrimaries(List)", "shadowTable.repair",
                    () -> audit.checkPrimaries(store.scanAll(Scan.of("orders")).toList()));
            auditCalls.succeeds("checkShadows(List)", "shadowTable.repair",
                    () -> audit.checkShadows(store.scanAll(Scan.of("orders_by_colour")).toList()));
            auditCalls.assertEveryOneChecked();

            BulkScan scan = BulkScan.of(store, "orders").segments(2).pageSize(10);
            EntryPoints calls = new EntryPoints(store, BulkScan.class)
                    .exempt("of(Store,String)", FACTORY).exempt("segments(int)", SETTING)
                    .exempt("pageSize(int)", SETTING).exempt("itemsPerSecond(double)", SETTING)
                    .exempt("resumeFrom(List)", SETTING);
            AtomicLong read = new AtomicLong();
            assertEquals(1, calls.succeeds("forEach(Consumer)", "bulkScan.forEach",
                    () -> scan.forEach(i -> read.incrementAndGet())).items());
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void nestedFlattening() {
        try (Store store = Store.of(TextSearchBackend.backend())) {
            NestedFlattening skills = NestedFlattening.open(store, "people", List.of("level", "skill"),
                    NestedFlattening.Strategy.NUMBERED_FIELDS, 4);
            EntryPoints calls = new EntryPoints(store, NestedFlattening.class)
                    .exempt("open(Store,String,List,Strategy,int)", FACTORY);
            calls.runs("put(String,List)", "nestedFlattening.put", () -> skills.put("ada",
                    List.of(Map.of("level", "excellent", "skill", "poetry"), Map.of("level", "poor", "skill", "maths"))));
            assertEquals(Set.of("ada"), calls.succeeds("findElement(Map,int)", "nestedFlattening.findElement",
                    () -> skills.findElement(Map.of("level", "excellent", "skill", "poetry"), 10)));
            calls.runs("delete(String)", "nestedFlattening.delete", () -> skills.delete("ada"));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void aggregateStore() {
        try (Store store = store()) {
            AggregateStore carts = AggregateStore.builder(store, "carts").maxAttempts(1).build();
            EntryPoints calls = new EntryPoints(store, AggregateStore.class)
                    .exempt("builder(Store,String)", FACTORY);
            Key cart = Key.of("cart|1", "<BASE>");
            calls.succeeds("create(Item)", "aggregate.create", () -> carts.create(item("cart|1", "<BASE>", "red")));
            calls.conflicts("create(Item)", "aggregate.create", ConditionFailedException.class,
                    () -> carts.create(item("cart|1", "<BASE>", "blue")));
            assertTrue(calls.succeeds("get(Key)", "aggregate.get", () -> carts.get(cart)).isPresent());
            calls.succeeds("update(Key,Function)", "aggregate.update",
                    () -> carts.update(cart, c -> item("cart|1", "<BASE>", "green")));
            AtomicBoolean raced = new AtomicBoolean();
            calls.conflicts("update(Key,Function)", "aggregate.update", ConcurrentUpdateException.class,
                    () -> carts.update(cart, c -> {
                        if (raced.compareAndSet(false, true)) {
                            carts.modify(cart, other -> item("cart|1", "<BASE>", "black"));
                        }
                        return item("cart|1", "<BASE>", "white");
                    }));
            assertEquals(Optional.of("black"), calls.succeeds("modify(Key,UnaryOperator)", "aggregate.modify",
                    () -> carts.modify(cart, c -> c)).getString("colour"));
            calls.runs("delete(Key)", "aggregate.delete", () -> carts.delete(cart));
            calls.assertEveryOneChecked();
        }
    }
}
