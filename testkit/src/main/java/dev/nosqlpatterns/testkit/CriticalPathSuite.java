package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.partitioning.BucketedTimeline;
import dev.nosqlpatterns.partitioning.Granularity;
import dev.nosqlpatterns.partitioning.ShardedPartition;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLon;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Techniques that read several independent ranges read them together: a geohash cover, the shards of a
 * partition and the buckets of a time window each wait for about one round trip for all their first
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
}
