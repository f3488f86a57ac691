package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.ShardedPartition;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.search.Audience;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Techniques that read several independent ranges read them together: a geohash cover, the shards of a
 * partition, the buckets of a time window and the terms of a search each wait for about one round trip for all their first
 * pages ({@link dev.nosqlpatterns.store.model.OperationCost#criticalPath()}), however many ranges they
 * read, while their total round trips stay what the store counts for those ranges.
 */
public abstract class CriticalPathSuite extends StoreSuite {
    private static final LatLon BERLIN = LatLon.of(52.52, 13.405);

    private <T> CostTally measure(Supplier<T> read, List<T> out) {
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            out.add(read.get());
        });
        return tally;
    }

    /** The wait of a read of several ranges, at most {@code most}, and below its round trips when it read several. */
    private static void assertTogether(CostTally cost, long most, String what) {
        assertTrue(cost.criticalPath() <= most, () -> what + " waited for " + cost.criticalPath()
                + " round trips one after another, more than " + most + ": " + cost);
        assertTrue(cost.criticalPath() <= cost.roundTrips(), cost::toString);
    }

    @Test
    void aGeohashCoverReadsItsRangesTogether() {
        GeoIndex index = GeoIndex.builder(store, newTable()).strategy(GeoIndex.Strategy.CELLS).build();
        for (int i = 0; i < 40; i++) {
            index.put("p" + i, LatLon.of(52.50 + i * 0.001, 13.38 + (i % 7) * 0.005));
        }
        List<Object> out = new java.util.ArrayList<>();
        CostTally cost = measure(() -> index.withinRadius(BERLIN, 3_000, 100), out);
        assertTrue(!((List<?>) out.get(0)).isEmpty(), "the search finds points");
        assertTogether(cost, 2, "a radius search (its ranges, then the points it verifies)");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(names = {"CELLS", "NATIVE"})
    void kNearestSearchesOnEvenlySpreadPointsWaitForAboutOneRound(GeoIndex.Strategy strategy) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(dev.nosqlpatterns.store.model.Capability.NATIVE_GEO);
        }
        GeoIndex index = GeoIndex.builder(store, newTable()).strategy(strategy).build();
        Map<String, LatLon> points = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            for (int j = 0; j < 20; j++) {
                points.put("p" + i + "-" + j, LatLon.of(52.40 + i * 0.01, 13.30 + j * 0.015));
            }
        }
        index.putAll(points);
        index.nearest(LatLon.of(52.45, 13.40), 10);
        long waited = 0;
        for (int c = 0; c < 5; c++) {
            LatLon centre = LatLon.of(52.43 + c * 0.03, 13.36 + c * 0.04);
            List<Object> out = new java.util.ArrayList<>();
            CostTally cost = measure(() -> index.nearest(centre, 10), out);
            assertEquals(10, ((List<?>) out.get(0)).size());
            waited += cost.criticalPath();
        }
        assertTrue(waited <= 6, "five searches after the first waited for " + waited
                + " rounds: the first circle should follow the density the earlier search found");
    }

    @Test
    void aLargeBatchReadWaitsForAboutOneRoundTrip() {
        String table = newTable();
        List<dev.nosqlpatterns.store.model.Write> writes = new java.util.ArrayList<>();
        List<dev.nosqlpatterns.item.Key> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 250; i++) {
            dev.nosqlpatterns.item.Key key = dev.nosqlpatterns.item.Key.of("p" + i, "s");
            keys.add(key);
            writes.add(dev.nosqlpatterns.store.model.Write.put(table, dev.nosqlpatterns.item.Item.builder(key)
                    .put("n", (long) i).build()));
        }
        store.writeBatch(writes);
        List<Object> out = new java.util.ArrayList<>();
        CostTally cost = measure(() -> store.getAll(table, keys), out);
        assertEquals(250, ((dev.nosqlpatterns.store.model.BatchGetResult) out.get(0)).items().size());
        assertTogether(cost, 1 + cost.throttles(), "a batch read of 250 items (requests of at most 100 keys sent at once)");
    }

    @Test
    void theShardsOfAPartitionAreReadTogether() {
        ShardedPartition sharded = ShardedPartition.open(store, newTable(), 8);
        for (int i = 0; i < 40; i++) {
            sharded.put("feed", String.format("e%03d", i), Map.of("n", Value.of((long) i)));
        }
        List<Object> out = new java.util.ArrayList<>();
        CostTally cost = measure(() -> sharded.query("feed", SortKeyCondition.all(), false).toList(), out);
        assertEquals(40, ((List<?>) out.get(0)).size());
        assertTogether(cost, 1, "a read of eight shards");
    }

    @Test
    void theBucketsOfAWindowAreReadTogether() {
        BucketedTimeline timeline = BucketedTimeline.create(store, newTable(), newTable(), Granularity.DAY);
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        for (int i = 0; i < 30; i++) {
            timeline.put("sensor", start.plus(i * 5L, ChronoUnit.HOURS), "e" + i, Map.of());
        }
        List<Object> out = new java.util.ArrayList<>();
        CostTally cost = measure(() -> timeline.between("sensor", start, start.plus(7, ChronoUnit.DAYS), false)
                .toList(), out);
        assertEquals(30, ((List<?>) out.get(0)).size());
        assertTogether(cost, 2, "a window of eight day buckets (the catalogue, then the buckets)");
    }

    @Test
    void aNarrowWindowIsReadWithoutItsCatalogue() {
        String catalogue = newTable();
        BucketedTimeline timeline = BucketedTimeline.create(store, newTable(), catalogue, Granularity.DAY);
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        for (int i = 0; i < 30; i++) {
            timeline.put("sensor", start.plus(i * 5L, ChronoUnit.HOURS), "e" + i, Map.of());
        }
        List<Object> out = new java.util.ArrayList<>();
        List<dev.nosqlpatterns.store.model.OperationCost> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
        CostTally cost = new CostTally();
        store.measure(c -> {
            calls.add(c);
            cost.onCost(c);
        }, () -> {
            out.add(timeline.between("sensor", start, start.plus(2, ChronoUnit.DAYS), false).toList());
        });
        assertEquals(10, ((List<?>) out.get(0)).size(), "events from 10:00 on the 1st to 10:00 on the 3rd");
        assertTogether(cost, 1, "a window of three day buckets");
        assertTrue(calls.stream().noneMatch(c -> c.table().equals(catalogue)), () -> "no catalogue read: " + calls);
        CostTally viaCatalogue = measure(() -> timeline.withDirectReads(0).between("sensor", start,
                start.plus(2, ChronoUnit.DAYS), false).toList(), out);
        assertEquals(out.get(0), out.get(1), "the catalogue's way reads the same events");
        assertEquals(2, viaCatalogue.criticalPath(), viaCatalogue::toString);
    }

    @Test
    void aSearchReadsAllItsTermsTogether() {
        InvertedSearch search = InvertedSearch.builder(store, newTable(), newTable()).build();
        List<Document> docs = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            docs.add(Document.builder("d" + i).add("country", "c" + i % 3).add("device", "d" + i % 4)
                    .add("tag", "t" + i % 5).build());
        }
        search.indexAll(docs);
        Criteria criteria = Criteria.and(Criteria.has("country", "c1"), Criteria.or(Criteria.has("device", "d2"),
                Criteria.has("tag", "t3")), Criteria.not(Criteria.has("tag", "t0")));
        List<Audience> found = new java.util.ArrayList<>();
        CostTally find = measure(() -> search.find(criteria), found);
        assertEquals(1, find.criticalPath(), () -> "four terms and the index size in one round: " + find);
        List<List<String>> ids = new java.util.ArrayList<>();
        CostTally both = measure(() -> search.documentIds(search.find(criteria), 100), ids);
        long expected = java.util.stream.IntStream.range(0, 60)
                .filter(i -> i % 3 == 1 && (i % 4 == 2 || i % 5 == 3) && i % 5 != 0).count();
        assertEquals(expected, ids.get(0).size());
        assertTogether(both, 2, "a search and the ids of its audience");
    }
}
