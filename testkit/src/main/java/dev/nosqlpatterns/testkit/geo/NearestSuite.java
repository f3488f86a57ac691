package dev.nosqlpatterns.testkit.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The k nearest points, held to brute force on every store and strategy: clusters, sparse outliers across the
 * antimeridian, exact duplicates (ties broken by id), k larger than the points there are, and an empty index.
 * Cell indexes here use two geohash characters per partition, so the searches that grow to the whole sphere
 * stay cheap on every store (with three, the default, they read 32,768 partitions).
 */
public abstract class NearestSuite extends StoreSuite {

    private GeoIndex open(GeoIndex.Strategy strategy) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        // One partition character: k beyond the points there are reads every partition of the sphere (32).
        return GeoIndex.builder(store, newTable()).strategy(strategy).partitionChars(1).build();
    }

    private static List<String> bruteForce(Map<String, LatLon> points, LatLon centre, int k) {
        return points.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, LatLon> e) -> centre.distanceTo(e.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .limit(k).map(Map.Entry::getKey).toList();
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void theKNearestEqualBruteForce(GeoIndex.Strategy strategy) {
        GeoIndex index = open(strategy);
        Random random = new Random(41);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 120; i++) {
            points.put("c" + i, LatLon.of(48.85 + random.nextGaussian() * 0.02, 2.35 + random.nextGaussian() * 0.03));
        }
        for (int i = 0; i < 20; i++) {
            points.put("far" + i, LatLon.of(random.nextDouble() * 160 - 80, random.nextBoolean()
                    ? 179.5 + random.nextDouble() * 0.5 : -180 + random.nextDouble() * 0.5));
        }
        LatLon twin = LatLon.of(48.86, 2.34);
        points.put("twin-b", twin);
        points.put("twin-a", twin);
        points.put("twin-c", twin);
        index.putAll(points);
        List<LatLon> centres = List.of(twin, LatLon.of(48.85, 2.35), LatLon.of(0, 179.9), LatLon.of(-60, -179.9),
                LatLon.of(10, 100));
        for (LatLon centre : centres) {
            for (int k : new int[] {1, 3, 17, 200}) {
                List<GeoHit> hits = index.nearest(centre, k);
                assertEquals(bruteForce(points, centre, k), hits.stream().map(GeoHit::id).toList(),
                        strategy + ": the " + k + " nearest to " + centre);
                for (GeoHit h : hits) {
                    assertEquals(centre.distanceTo(points.get(h.id())), h.distanceMeters(), 1e-6, h.toString());
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    void theCapabilitysNearestEqualBruteForceWithTiesAndReportOneCost() {
        assumeCapability(Capability.NATIVE_GEO);
        dev.nosqlpatterns.store.NativeGeoCalls geo = store.nativeGeo();
        String set = newTable();
        Random random = new Random(43);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 60; i++) {
            points.put("p" + i, LatLon.of(random.nextDouble() * 170 - 85, random.nextDouble() * 360 - 180));
        }
        for (String id : List.of("tie-z", "tie-a", "tie-m")) {
            points.put(id, LatLon.of(89.5, 120));
        }
        List<dev.nosqlpatterns.store.model.GeoPoint> batch = new java.util.ArrayList<>();
        points.forEach((id, p) -> batch.add(new dev.nosqlpatterns.store.model.GeoPoint(id, p.latitude(),
                p.longitude())));
        geo.putPoints(set, batch);
        for (LatLon centre : List.of(LatLon.of(89.5, 120), LatLon.of(0, 180), LatLon.of(-80, 10))) {
            for (int k : new int[] {1, 2, 5, 70}) {
                List<dev.nosqlpatterns.store.model.OperationCost> costs = new java.util.concurrent.CopyOnWriteArrayList<>();
                List<String> ids = store.measure(costs::add, () -> geo.nearest(set, centre.latitude(), centre.longitude(), k).stream()
                            .map(GeoHit::id).toList());
                assertEquals(bruteForce(points, centre, k), ids, "the " + k + " nearest to " + centre);
                assertEquals(List.of("geoNearest"), costs.stream().map(c -> c.operation()).toList());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void anEmptyIndexHasNoNeighboursAndBadArgumentsAreRefused(GeoIndex.Strategy strategy) {
        GeoIndex index = open(strategy);
        assertEquals(List.of(), index.nearest(LatLon.of(1, 2), 5));
        assertThrows(IllegalArgumentException.class, () -> index.nearest(LatLon.of(1, 2), 0));
        assertThrows(IllegalArgumentException.class, () -> index.nearest(null, 3));
        index.put("solo", LatLon.of(-33.9, 151.2));
        assertEquals(List.of("solo"), index.nearest(LatLon.of(51.5, -0.1), 4).stream().map(GeoHit::id).toList());
    }
}
