package dev.nosqlpatterns.testkit.enumerable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.SequentialLog;
import dev.nosqlpatterns.enumerable.ShardedPartition;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Enumerable keys: sequential ids and traversal, time buckets with a catalogue, write sharding. */
public abstract class EnumerableKeysSuite extends StoreSuite {

    @Test
    void sequentialIdsAreUniqueUnderConcurrencyAndTraversable() throws Exception {
        SequentialLog log = SequentialLog.create(store, newTable(), newTable());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Set<Long> ids = Collections.synchronizedSet(new HashSet<>());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        ids.add(log.append("user42", Map.of("body", Value.of("hello"))));
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(40, ids.size());
        assertEquals(40L, log.lastId("user42"));
        assertEquals(Set.copyOf(java.util.stream.LongStream.rangeClosed(1, 40).boxed().toList()), ids);
        assertEquals(17L, log.previous("user42", 18).orElseThrow().id());
        assertEquals(19L, log.next("user42", 18).orElseThrow().id());
        assertTrue(log.previous("user42", 1).isEmpty());
        assertTrue(log.next("user42", 40).isEmpty());
        assertEquals(List.of(40L, 39L, 38L), log.latest("user42", 3).stream().map(SequentialLog.Numbered::id).toList());
        assertEquals(41L, log.reserve("user42", 5));
        assertEquals(45L, log.lastId("user42"));
        assertEquals(0L, log.lastId("nobody"));
    }

    @Test
    void traversalSkipsGaps() {
        String table = newTable();
        SequentialLog log = SequentialLog.create(store, table, newTable());
        for (int i = 0; i < 5; i++) {
            log.append("u", Map.of());
        }
        store.delete(table, log.get("u", 3).orElseThrow().item().key());
        assertEquals(4L, log.next("u", 2).orElseThrow().id());
        assertEquals(2L, log.previous("u", 4).orElseThrow().id());
    }

    @Test
    void bucketsWithACatalogueReadOnlyBucketsThatExist() {
        String events = newTable();
        String catalogue = newTable();
        BucketedTimeline timeline = BucketedTimeline.create(store, events, catalogue, Granularity.MONTH);
        Instant start = Instant.parse("2023-11-20T10:00:00Z");
        List<Instant> times = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Instant at = start.plus(Duration.ofDays(i * 9L + (i % 3)));
            if (at.isAfter(Instant.parse("2024-02-01T00:00:00Z")) && at.isBefore(Instant.parse("2024-05-01T00:00:00Z"))) {
                continue;
            }
            times.add(at);
            timeline.put("bbc", at, "a" + i, Map.of("i", Value.of(i)));
        }
        timeline.put("cnn", start, "x", Map.of());
        List<String> buckets = timeline.buckets("bbc");
        assertTrue(buckets.contains("2023-11") && buckets.contains("2024-01") && !buckets.contains("2024-03"), buckets.toString());
        Instant from = Instant.parse("2023-12-05T00:00:00Z");
        Instant to = Instant.parse("2024-06-15T00:00:00Z");
        List<Instant> expected = times.stream().filter(t -> !t.isBefore(from) && !t.isAfter(to)).sorted().toList();
        List<String> bucketsRead = new ArrayList<>();
        Store counting = Store.of(new ForwardingBackend(backend) {
            @Override
            public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
                queries.stream().filter(q -> q.table().equals(events)).forEach(q -> bucketsRead.add(q.partition()));
                return super.queryEach(queries, meter);
            }

            @Override
            public QueryResult query(KeyQuery query, CostMeter meter) {
                if (query.table().equals(events)) {
                    bucketsRead.add(query.partition());
                }
                return super.query(query, meter);
            }

            @Override
            public void close() {
                // the store under test stays open
            }
        });
        BucketedTimeline countedTimeline = BucketedTimeline.create(counting, events, catalogue, Granularity.MONTH);
        CostTally tally = new CostTally();
        List<Instant> read = counting.measure(tally, () -> countedTimeline.between("bbc", from, to, false).map(BucketedTimeline.Event::at).toList());
        assertEquals(expected, read);
        long bucketsInRange = buckets.stream().filter(b -> b.compareTo("2023-12") >= 0 && b.compareTo("2024-06") <= 0).count();
        assertEquals(bucketsInRange, bucketsRead.size(), "one query per existing bucket, none for the missing ones: "
                + bucketsRead);
        assertEquals(2, tally.calls(), "one catalogue read, then the buckets in range together");
        List<Instant> backward = timeline.backwardFrom("bbc", Instant.parse("2024-01-10T00:00:00Z"))
                .map(BucketedTimeline.Event::at).toList();
        List<Instant> expectedBack = new ArrayList<>(times.stream().filter(t -> !t.isAfter(Instant.parse("2024-01-10T00:00:00Z"))).sorted().toList());
        Collections.reverse(expectedBack);
        assertEquals(expectedBack, backward);
        assertEquals(1, timeline.forwardFrom("cnn", start).count());
        assertThrows(IllegalArgumentException.class, () -> timeline.put("bbc", Instant.parse("+10000-01-01T00:00:00Z"), "x", Map.of()));
    }

    @Test
    void shardedPartitionsMergeInOrderAndRefuseANewShardCount() {
        String table = newTable();
        ShardedPartition sharded = ShardedPartition.open(store, table, 4);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String sk = String.format("post#%03d", (i * 37) % 100);
            keys.add(sk);
            sharded.put("author:smith", sk, Map.of("i", Value.of(i)));
        }
        Collections.sort(keys);
        assertEquals(keys, sharded.query("author:smith", SortKeyCondition.all(), false).map(i -> i.key().sort()).toList());
        List<String> reversed = new ArrayList<>(keys);
        Collections.reverse(reversed);
        assertEquals(reversed, sharded.query("author:smith", SortKeyCondition.all(), true).map(i -> i.key().sort()).toList());
        assertEquals(keys.subList(0, 10), sharded.query("author:smith", SortKeyCondition.lessThan(keys.get(10)), false)
                .map(i -> i.key().sort()).toList());
        Item one = sharded.get("author:smith", keys.get(5)).orElseThrow();
        assertEquals("author:smith", one.key().partition());
        Set<String> used = new HashSet<>();
        keys.forEach(k -> used.add(sharded.shardOf("author:smith", k)));
        assertTrue(used.size() >= 3, "writes spread over shards: " + used);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ShardedPartition.open(store, table, 8));
        assertTrue(e.getMessage().contains("4") && e.getMessage().contains("new table"), e.getMessage());
        assertEquals(4, ShardedPartition.open(store, table, 4).shards());
    }
}
