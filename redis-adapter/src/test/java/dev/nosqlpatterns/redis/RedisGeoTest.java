package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.NativeGeoCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Native geo search on GEOADD and geohash score ranges, with exact coordinates kept beside the geohashes. */
class RedisGeoTest {
    private Store store;
    private NativeGeoCalls geo;
    private String set;

    @BeforeEach
    void open() {
        store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspg:").build();
        geo = store.nativeGeo();
        set = "cities}" + System.nanoTime();
        geo.putPoint(set, "paris", 48.8566, 2.3522);
        geo.putPoint(set, "london", 51.5072, -0.1276);
        geo.putPoint(set, "brussels", 50.8503, 4.3517);
        geo.putPoint(set, "berlin", 52.52, 13.405);
        geo.putPoint(set, "suva", -18.1416, 178.4419);
        geo.putPoint(set, "apia", -13.8333, -171.75);
    }

    @AfterEach
    void close() {
        for (String id : List.of("paris", "london", "brussels", "berlin", "suva", "apia")) {
            geo.removePoint(set, id);
        }
        store.close();
    }

    private static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }

    @Test
    void radiusSearchGivesNearestFirstWithExactCoordinates() {
        List<GeoHit> hits = geo.withinRadius(set, 48.8566, 2.3522, 400_000, 10);
        assertEquals(List.of("paris", "brussels", "london"), ids(hits));
        assertEquals(48.8566, hits.get(0).point().latitude(), 0);
        assertEquals(2.3522, hits.get(0).point().longitude(), 0);
        assertTrue(hits.get(0).distanceMeters() < 1);
        assertEquals(264_000, hits.get(1).distanceMeters(), 2_000);
        assertEquals(List.of("paris", "brussels"), ids(geo.withinRadius(set, 48.8566, 2.3522, 400_000, 2)));
        geo.removePoint(set, "brussels");
        assertEquals(List.of("paris", "london"), ids(geo.withinRadius(set, 48.8566, 2.3522, 400_000, 10)));
        geo.putPoint(set, "brussels", 50.8503, 4.3517);
        geo.putPoint(set, "paris", 50.85, 4.35);
        assertEquals(List.of("brussels", "paris"), ids(geo.withinRadius(set, 50.8503, 4.3517, 10_000, 10)));
    }

    @Test
    void boxSearchFiltersByDegreesAlsoAcrossTheAntimeridian() {
        // Hits come nearest to the box's centre first: (50, 2) here.
        assertEquals(List.of("paris", "brussels", "london"), ids(geo.withinBox(set, 48, -1, 52, 5, 10)));
        assertEquals(Set.of("brussels", "paris", "london", "berlin"), Set.copyOf(ids(geo.withinBox(set, 48, -1, 53, 14, 10))));
        assertEquals(List.of("london"), ids(geo.withinBox(set, 51, -1, 52, 0, 10)));
        List<String> pacific = ids(geo.withinBox(set, -20, 170, -10, -170, 10));
        assertEquals(2, pacific.size());
        assertTrue(pacific.containsAll(List.of("suva", "apia")));
        assertEquals(1, geo.withinBox(set, -20, 170, -10, -170, 1).size());
        // GEOSEARCH from longitude 180 itself would miss apia, east of the antimeridian.
        assertEquals(List.of("suva", "apia"), ids(geo.withinRadius(set, -15, 180, 1_300_000, 10)));
        assertEquals(List.of(), geo.withinBox(set, -20, -170, -10, 170, 10).stream()
                .filter(h -> h.id().equals("suva") || h.id().equals("apia")).toList());
    }

    @Test
    void pointsNearThePolesAreFoundThoughRedisCannotHashThem() {
        geo.putPoint(set, "alert", 82.5018, -62.3481);
        geo.putPoint(set, "north-pole", 90, 0);
        geo.putPoint(set, "near-pole", 89.5, 179.9);
        assertEquals(List.of("north-pole", "near-pole"), ids(geo.withinRadius(set, 90, 0, 100_000, 10)));
        assertEquals(List.of("near-pole", "north-pole", "alert"), ids(geo.withinRadius(set, 89.5, 179.9, 1_000_000, 10)));
        assertEquals(Set.of("north-pole", "near-pole"), Set.copyOf(ids(geo.withinBox(set, 89, -180, 90, 180, 10))));
        assertEquals(List.of("alert"), ids(geo.withinBox(set, 80, -70, 86, -60, 10)));
        geo.putPoint(set, "near-pole", 10, 10);
        assertEquals(List.of("north-pole"), ids(geo.withinRadius(set, 90, 0, 100_000, 10)));
        geo.putPoint(set, "alert", 86, -62.3481);
        assertEquals(List.of("alert"), ids(geo.withinBox(set, 80, -70, 87, -60, 10)));
        geo.removePoint(set, "north-pole");
        geo.removePoint(set, "alert");
        geo.removePoint(set, "near-pole");
        assertEquals(List.of(), ids(geo.withinRadius(set, 90, 0, 2_000_000, 10)));
    }

    @Test
    void scoreRangesHoldTheScoresRedisGivesRandomPoints() {
        java.util.Random random = new java.util.Random(3);
        byte[] key = Keys.utf8("nspg:scores:" + System.nanoTime());
        var jedis = RedisTestServer.client();
        try {
            for (int i = 0; i < 300; i++) {
                double lat = (random.nextDouble() * 2 - 1) * RedisGeo.HASHED_LATITUDE;
                double lon = i % 10 == 0 ? -180 : random.nextDouble() * 360 - 180;
                byte[] member = Keys.utf8("p" + i);
                jedis.geoadd(key, lon, lat, member);
                long score = jedis.zscore(key, member).longValue();
                double[] bounds = GeoScoreRanges.withLongitudes(lat, lat, lon, lon);
                List<GeoScoreRanges.Range> ranges = GeoScoreRanges.cover(bounds[0], bounds[1],
                        java.util.Arrays.copyOfRange(bounds, 2, bounds.length));
                assertTrue(ranges.stream().anyMatch(r -> score >= r.min() && score < r.max()),
                        () -> "(" + lat + ", " + lon + ") scored " + score + ", outside " + ranges);
                assertTrue(ranges.stream().mapToLong(r -> r.max() - r.min()).sum() < (1L << 52) / 1_000_000,
                        () -> "a point's ranges span " + ranges);
            }
        } finally {
            jedis.del(key);
        }
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> geo.putPoint(set, "x", 90.5, 0));
        assertThrows(IllegalArgumentException.class, () -> geo.withinRadius(set, 0, 0, -1, 10));
        assertThrows(IllegalArgumentException.class, () -> geo.withinBox(set, 10, 0, 5, 1, 10));
    }
}
