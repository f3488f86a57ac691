package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.ShardedPartition;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.testkit.geo.GeoOracle;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Reads that fan out to tens of thousands of requests in one call answer exactly, on every store: a
 * {@code queryEach} of more than 30,000 ranges, geohash covers of the whole world (32,768 ranges), a pole
 * and a 2,000 km circle (thousands of ranges each), and sharded partitions and bucketed timelines read
 * across a thousand shards and thousands of buckets. A store whose driver or connection holds a bounded
 * number of requests in flight must not fail such a call because it is large: the adapter bounds what it
 * sends at once, and reports the wait that costs truthfully.
 *
 * <p>The system property {@value #SIZE} chooses the size: {@code full} (the default) as above, or {@code light}
 * for embedded servers that answer a few hundred requests a second (the MongoDB and DynamoDB Local of the build),
 * where a {@code queryEach} of 4,096 ranges and the 2,000 km circle (over a thousand ranges) still send more
 * than a driver's connection takes at once, and the whole-world and polar covers report as skipped.
 */
public abstract class LargeFanOutSuite extends StoreSuite {
    /** The system property naming the size: {@code full} or {@code light}. */
    public static final String SIZE = "nosqlpatterns.kit.largeFanOut";
    private static final int PARTITIONS = 300;
    private static final boolean FULL = full();
    private static final int QUERIES = FULL ? 30_720 : 4_096;

    private static boolean full() {
        String size = System.getProperty(SIZE, "full").trim();
        if (!size.equals("full") && !size.equals("light")) {
            throw new IllegalArgumentException(SIZE + " must be full or light, got '" + size + "'");
        }
        return size.equals("full");
    }

    @Test
    void aQueryEachOfThirtyThousandRangesAnswersEachExactly() {
        String table = newTable();
        Map<String, List<Item>> data = new LinkedHashMap<>();
        List<Write> writes = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < 1 + p % 4; i++) {
                Item item = item("p" + p, "k" + i, "n", p * 10 + i);
                items.add(item);
                writes.add(Write.put(table, item));
            }
            data.put("p" + p, items);
        }
        store.writeBatch(writes);
        Random random = new Random(41);
        List<Query> queries = new ArrayList<>(QUERIES);
        for (int i = 0; i < QUERIES; i++) {
            String partition = "p" + random.nextInt(PARTITIONS + PARTITIONS / 10); // some never written
            Query q = Query.in(table, partition);
            q = switch (random.nextInt(4)) {
                case 0 -> q;
                case 1 -> q.where(SortKeyCondition.between("k1", "k2"));
                case 2 -> q.where(SortKeyCondition.greaterThan("k0"));
                default -> q.where(SortKeyCondition.lessOrEqual("k" + random.nextInt(4)));
            };
            q = random.nextBoolean() ? q.limit(1 + random.nextInt(3)) : q;
            queries.add(random.nextBoolean() ? q.descending() : q);
        }
        CostTally cost = new CostTally();
        List<Page> pages = store.measure(cost, () -> store.queryEach(queries));
        assertEquals(QUERIES, pages.size(), "one answer per query");
        for (int i = 0; i < QUERIES; i++) {
            Query q = queries.get(i);
            List<Item> all = expected(data.getOrDefault(q.partition(), List.of()), q);
            List<Item> page = all.subList(0, Math.min(q.limit(), all.size()));
            String why = "query " + i + ": " + q;
            assertEquals(page, pages.get(i).items(), why);
            assertEquals(all.size() > q.limit(), pages.get(i).hasNext(), why);
        }
        assertTrue(cost.roundTrips() >= 1 && cost.criticalPath() >= 1, cost.toString());
        assertTrue(cost.criticalPath() <= cost.roundTrips(), "the wait is never more than the requests: " + cost);
    }

    private static List<Item> expected(List<Item> partition, Query q) {
        Comparator<Item> order = Comparator.comparing(item -> item.key().sort());
        return partition.stream().filter(item -> q.condition().matches(item.key().sort()))
                .sorted(q.isDescending() ? order.reversed() : order).toList();
    }

    @Test
    void aCircleOfTwoThousandKilometresFindsExactlyThePoints() {
        GeoOracle.check(List.of(GeoOracle.index(store, newTable(), GeoIndex.Strategy.CELLS)), points(), List.of(
                GeoOracle.radius(48.85, 2.35, 2_000_000, GeoIndex.MAX_LIMIT)));
    }

    @Test
    void theWholeWorldAndAPoleFindExactlyThePoints() {
        org.junit.jupiter.api.Assumptions.assumeTrue(FULL, "the whole-world and polar covers (32,768 ranges) run with -D"
                + SIZE + "=full; this build runs them light on this store");
        GeoOracle.check(List.of(GeoOracle.index(store, newTable(), GeoIndex.Strategy.CELLS)), points(), List.of(
                GeoOracle.box(-90, -180, 90, 180, GeoIndex.MAX_LIMIT),
                GeoOracle.radius(-89.5, 120, 1_500_000, 25)));
    }

    /** 2,000 points: spread evenly over the sphere, and ten near each pole. */
    private static Map<String, LatLon> points() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        Random random = new Random(2_000);
        for (int i = 0; i < 1_980; i++) {
            points.put("g" + i, LatLon.of(Math.toDegrees(Math.asin(random.nextDouble() * 2 - 1)),
                    random.nextDouble() * 360 - 180));
        }
        for (int i = 0; i < 10; i++) {
            points.put("north" + i, LatLon.of(90 - i * 0.3, i * 36 - 180));
            points.put("south" + i, LatLon.of(-90 + i * 0.3, 180 - i * 36));
        }
        return points;
    }

    @Test
    void aShardedPartitionMergesAThousandShardsExactly() {
        String table = newTable();
        ShardedPartition sharded = ShardedPartition.open(store, table, 1_000);
        List<Item> logical = new ArrayList<>();
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            String sort = String.format("s%05d", i * 7 % 3_000);
            Item item = item("hot", sort, "i", i);
            logical.add(item);
            writes.add(Write.put(table, new Item(Key.of(sharded.shardOf("hot", sort), sort), item.attributes())));
        }
        store.writeBatch(writes);
        logical.sort(Comparator.comparing(item -> item.key().sort()));
        assertEquals(logical, sharded.query("hot", SortKeyCondition.all(), false).toList());
        List<Item> middle = logical.stream().filter(item -> SortKeyCondition.between("s01000", "s01999")
                .matches(item.key().sort())).collect(Collectors.toCollection(ArrayList::new));
        Collections.reverse(middle);
        assertEquals(middle, sharded.query("hot", SortKeyCondition.between("s01000", "s01999"), true).toList());
    }

    @Test
    void aBucketedTimelineReadsThousandsOfBucketsExactly() {
        BucketedTimeline timeline = BucketedTimeline.create(store, newTable(), newTable(), Granularity.HOUR);
        Instant start = Instant.parse("2024-01-01T00:00:00Z");
        List<Instant> times = new ArrayList<>();
        for (int h = 0; h < 1_320; h++) {
            if (h % 6 != 5) { // every sixth hour holds nothing
                times.add(start.plus(Duration.ofHours(h)).plusSeconds(h % 3_600));
            }
        }
        for (int i = 0; i < 210; i++) { // one bucket of more than a page
            times.add(start.plus(Duration.ofHours(7)).plusSeconds(i * 13L));
        }
        for (int i = 0; i < times.size(); i++) {
            String id = "e" + i;
            timeline.put("feed", times.get(i), id, Map.of("id", Value.of(id)));
        }
        times.sort(Comparator.naturalOrder());
        Instant end = start.plus(Duration.ofHours(1_320));
        assertEquals(times, timeline.between("feed", start, end, false).map(BucketedTimeline.Event::at).toList(),
                "every event of 1,100 buckets, oldest first");
        List<Instant> newestFirst = new ArrayList<>(times);
        Collections.reverse(newestFirst);
        assertEquals(newestFirst, timeline.backwardFrom("feed", end).map(BucketedTimeline.Event::at).toList(),
                "every event, newest first");
        Instant from = start.plus(Duration.ofHours(300));
        Instant to = from.plus(Duration.ofHours(999));
        assertEquals(times.stream().filter(t -> !t.isBefore(from) && !t.isAfter(to)).toList(),
                timeline.withDirectReads(1_000).between("feed", from, to, false)
                        .map(BucketedTimeline.Event::at).toList(), "a window of 1,000 buckets read directly");
    }
}
