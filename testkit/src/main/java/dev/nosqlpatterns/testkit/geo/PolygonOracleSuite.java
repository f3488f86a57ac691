package dev.nosqlpatterns.testkit.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.NativeGeoCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Polygon searches held to brute force ({@link LatLonPolygon#contains} over every point put, nearest to the
 * polygon's centre first, ties by id, the limit keeping the first): concave polygons, holes, polygons across
 * the antimeridian and around either pole, random star-shaped polygons, and scopes; on the cell strategy and
 * on the native one (through the index and through {@link Store#nativeGeo()}; skipped without
 * {@link Capability#NATIVE_GEO}). Bad polygons are refused before the store is asked anything.
 */
public abstract class PolygonOracleSuite extends StoreSuite {

    /** A way of putting points and searching them by polygon. */
    private interface Path {
        List<GeoHit> search(LatLonPolygon polygon, int limit);
    }

    private Path path(GeoIndex.Strategy strategy, int partitionChars, Map<String, LatLon> points) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        GeoIndex index = GeoIndex.builder(store, newTable()).strategy(strategy).partitionChars(partitionChars).build();
        index.putAll(points);
        return index::withinPolygon;
    }

    /** The native capability itself, on a fresh set. */
    private Path capability(Map<String, LatLon> points) {
        NativeGeoCalls geo = store.nativeGeo();
        String set = newTable();
        List<dev.nosqlpatterns.store.model.GeoPoint> batch = new ArrayList<>();
        points.forEach((id, p) -> batch.add(new dev.nosqlpatterns.store.model.GeoPoint(id, p.latitude(), p.longitude())));
        geo.putPoints(set, batch);
        return (polygon, limit) -> geo.withinPolygon(set, rings(polygon), limit);
    }

    private static List<List<dev.nosqlpatterns.store.model.GeoVertex>> rings(LatLonPolygon polygon) {
        return polygon.rings().stream().map(r -> r.stream().map(v -> new dev.nosqlpatterns.store.model.GeoVertex(v.latitude(), v.longitude()))
                .toList()).toList();
    }

    private void check(GeoIndex.Strategy strategy, int partitionChars, Map<String, LatLon> points,
                       List<LatLonPolygon> polygons, int... limits) {
        List<Path> paths = new ArrayList<>(List.of(path(strategy, partitionChars, points)));
        if (strategy == GeoIndex.Strategy.NATIVE) {
            paths.add(capability(points));
        }
        for (LatLonPolygon polygon : polygons) {
            for (int limit : limits) {
                List<GeoHit> expected = bruteForce(points, polygon, limit);
                for (Path path : paths) {
                    List<GeoHit> actual = path.search(polygon, limit);
                    assertEquals(ids(expected), ids(actual), () -> strategy + ", " + polygon + ", limit " + limit);
                    for (int i = 0; i < expected.size(); i++) {
                        GeoHit e = expected.get(i);
                        GeoHit a = actual.get(i);
                        assertEquals(e.point(), a.point(), e.id());
                        assertEquals(e.distanceMeters(), a.distanceMeters(), 1e-9 * (1 + e.distanceMeters()), e.id());
                    }
                }
            }
        }
    }

    static List<GeoHit> bruteForce(Map<String, LatLon> points, LatLonPolygon polygon, int limit) {
        LatLon centre = polygon.centre();
        return points.entrySet().stream().filter(e -> polygon.contains(e.getValue()))
                .map(e -> new GeoHit(e.getKey(), e.getValue(), centre.distanceTo(e.getValue())))
                .sorted(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id))
                .limit(limit).toList();
    }

    private static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }

    static List<LatLon> ring(double... latLons) {
        List<LatLon> out = new ArrayList<>();
        for (int i = 0; i < latLons.length; i += 2) {
            out.add(LatLon.of(latLons[i], latLons[i + 1]));
        }
        return out;
    }

    /** Points scattered over a box, plus the given ones. */
    private static Map<String, LatLon> scatter(Random random, int n, double south, double west, double north,
                                               double width) {
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            double lon = west + random.nextDouble() * width;
            lon = lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon;
            points.put("p" + i, LatLon.of(south + random.nextDouble() * (north - south), lon));
        }
        return points;
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void concavePolygonsAndHolesAgreeWithBruteForce(GeoIndex.Strategy strategy) {
        Map<String, LatLon> points = scatter(new Random(11), 250, -1, -1, 11, 12);
        points.put("notch", LatLon.of(5, 5));
        points.put("arm", LatLon.of(1, 5));
        points.put("on-edge", LatLon.of(0, 5));
        points.put("on-vertex", LatLon.of(8, 2));
        points.put("twin-b", LatLon.of(9, 9));
        points.put("twin-a", LatLon.of(9, 9));
        points.put("in-hole", LatLon.of(5, 1.5));
        points.put("hole-edge", LatLon.of(5, 1));
        LatLonPolygon c = LatLonPolygon.of(ring(0, 0, 0, 10, 2, 10, 2, 2, 8, 2, 8, 10, 10, 10, 10, 0, 0, 0));
        LatLonPolygon holed = LatLonPolygon.of(ring(0, 0, 0, 10, 2, 10, 2, 2, 8, 2, 8, 10, 10, 10, 10, 0, 0, 0),
                List.of(ring(4, 1, 4, 1.8, 6, 1.8, 6, 1, 4, 1), ring(9, 3, 9.5, 6, 9, 8, 9, 3)));
        LatLonPolygon star = star(LatLon.of(5, 5), 5, 1.5, 7);
        assertTrue(ids(bruteForce(points, c, 1000)).containsAll(List.of("arm", "on-edge", "on-vertex", "twin-a")));
        assertTrue(!ids(bruteForce(points, c, 1000)).contains("notch"));
        assertTrue(ids(bruteForce(points, holed, 1000)).contains("hole-edge"));
        assertTrue(!ids(bruteForce(points, holed, 1000)).contains("in-hole"));
        check(strategy, 3, points, List.of(c, holed, star), 1, 7, 1000);
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void polygonsAcrossTheAntimeridian(GeoIndex.Strategy strategy) {
        Map<String, LatLon> points = scatter(new Random(12), 250, -6, 174, 6, 12);
        points.put("line+", LatLon.of(0, 180));
        points.put("line-", LatLon.of(0.5, -180));
        points.put("far", LatLon.of(0, 0));
        LatLonPolygon box = LatLonPolygon.of(ring(-5, 175, -5, -175, 5, -175, 5, 175, -5, 175));
        LatLonPolygon concave = LatLonPolygon.of(ring(-5, 175, -5, -175, 5, -175, 0, 179.5, 5, 175, -5, 175),
                List.of(ring(-2, 179, -2, -179, -1, -179, -1, 179, -2, 179)));
        LatLonPolygon toTheLine = LatLonPolygon.of(ring(-4, 176, -4, 180, 4, 180, 4, 176, -4, 176));
        check(strategy, 3, points, List.of(box, concave, toTheLine), 3, 1000);
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void polygonsAroundAPole(GeoIndex.Strategy strategy) {
        Map<String, LatLon> points = scatter(new Random(13), 200, 78, -180, 90, 360);
        points.putAll(prefixed("s", scatter(new Random(14), 200, -90, -180, -78, 360)));
        for (int lon = -180; lon <= 180; lon += 90) {
            points.put("pole" + lon, LatLon.of(90, lon));
            points.put("south-pole" + lon, LatLon.of(-90, lon));
        }
        points.put("redis-limit", LatLon.of(85.05112878, 10));
        List<LatLon> north = new ArrayList<>();
        for (int lon = -180; lon < 180; lon += 30) {
            north.add(LatLon.of(lon % 60 == 0 ? 80 : 84, lon));
        }
        north.add(north.get(0));
        List<LatLon> south = new ArrayList<>(north.stream().map(v -> LatLon.of(-v.latitude() - 1, v.longitude())).toList());
        java.util.Collections.reverse(south);
        LatLonPolygon northCap = LatLonPolygon.of(north);
        LatLonPolygon southCap = LatLonPolygon.of(south, List.of(ring(-88, 0, -88, 40, -86, 40, -86, 0, -88, 0)));
        LatLonPolygon wedge = LatLonPolygon.of(ring(80, -20, 90, -20, 90, 20, 80, 20, 80, -20));
        assertEquals(LatLon.of(90, 0), northCap.enclosedPole().orElseThrow());
        assertEquals(LatLon.of(-90, 0), southCap.enclosedPole().orElseThrow());
        check(strategy, 1, points, List.of(northCap, southCap, wedge), 5, 1000);
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void randomStarPolygonsAndScopes(GeoIndex.Strategy strategy) {
        Random random = new Random(15);
        LatLon[] places = {LatLon.of(48.85, 2.35), LatLon.of(-33.9, 151.2), LatLon.of(0, 179.8), LatLon.of(60, -179.9)};
        Map<String, LatLon> points = new LinkedHashMap<>();
        List<LatLonPolygon> polygons = new ArrayList<>();
        for (int p = 0; p < places.length; p++) {
            LatLon at = places[p];
            points.putAll(prefixed("r" + p + "-", scatter(random, 80, at.latitude() - 1, at.longitude() - 1.5, at.latitude() + 1, 3)));
            polygons.add(star(at, 0.9, 0.2, 5 + random.nextInt(9)));
        }
        check(strategy, 3, points, polygons, 4, 1000);
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        GeoIndex index = GeoIndex.builder(store, newTable()).strategy(strategy).build();
        index.put("red", "a", LatLon.of(48.85, 2.35));
        index.put("blue", "b", LatLon.of(48.851, 2.351));
        assertEquals(List.of("a"), ids(index.withinPolygon("red", polygons.get(0), 10)));
        assertEquals(List.of("b"), ids(index.withinPolygon("blue", polygons.get(0), 10)));
        assertEquals(List.of(), ids(index.withinPolygon(polygons.get(0), 10)));
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void badPolygonsAreRefusedBeforeAnyRead(GeoIndex.Strategy strategy) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        GeoIndex index = GeoIndex.builder(store, newTable()).strategy(strategy).build();
        List<List<List<LatLon>>> bad = List.of(
                List.of(ring(0, 0, 0, 1, 1, 1, 1, 0)),
                List.of(ring(0, 0, 0, 1, 0, 1, 0, 0)),
                List.of(ring(0, 0, 1, 1, 1, 0, 0, 1, 0, 0)),
                List.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0), ring(5, 5, 5, 15, 6, 15, 5, 5)),
                List.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0), ring(20, 20, 20, 21, 21, 21, 20, 20)));
        List<String> named = List.of("not closed", "fewer than 3 distinct points", "crosses or touches itself",
                "touches or crosses", "not inside");
        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        store.measure(costs::add, () -> {
            for (int i = 0; i < bad.size(); i++) {
                List<List<LatLon>> rings = bad.get(i);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> index.withinPolygon(LatLonPolygon.ofRings(rings), 10));
                assertTrue(e.getMessage().contains(named.get(i)), e.getMessage());
                if (strategy == GeoIndex.Strategy.NATIVE) {
                    List<List<dev.nosqlpatterns.store.model.GeoVertex>> raw = rings.stream().map(ring -> ring.stream()
                            .map(v -> new dev.nosqlpatterns.store.model.GeoVertex(v.latitude(), v.longitude())).toList()).toList();
                    assertThrows(IllegalArgumentException.class, () -> store.nativeGeo().withinPolygon("set", raw, 10));
                }
            }
            LatLonPolygon fine = LatLonPolygon.of(ring(0, 0, 0, 1, 1, 1, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> index.withinPolygon(fine, 0));
            assertThrows(IllegalArgumentException.class, () -> index.withinPolygon(null, 3));
            assertThrows(IllegalArgumentException.class, () -> index.withinPolygon("", fine, 3));
        });
        assertEquals(0, costs.stream().mapToLong(OperationCost::roundTrips).sum(), costs.toString());
    }

    @org.junit.jupiter.api.Test
    void aNativePolygonCallReportsOneCostWithItsHits() {
        assumeCapability(Capability.NATIVE_GEO);
        Map<String, LatLon> points = Map.of("in", LatLon.of(0.5, 0.5), "out", LatLon.of(5, 5), "edge", LatLon.of(0, 0.5));
        Path capability = capability(points);
        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        List<GeoHit> hits = store.measure(costs::add, () -> capability.search(LatLonPolygon.of(ring(0, 0, 0, 1, 1, 1, 1, 0, 0, 0)), 10));
        assertEquals(List.of("in", "edge"), ids(hits));
        assertEquals(1, costs.size(), costs.toString());
        assertEquals("geoPolygon", costs.get(0).operation());
        assertEquals(2, costs.get(0).itemsRead());
        assertTrue(costs.get(0).roundTrips() >= 1, costs.toString());
    }

    /** A star-shaped (so simple) polygon around {@code at}: radii {@code r ± jitter} degrees at sorted angles. */
    static LatLonPolygon star(LatLon at, double r, double jitter, int vertices) {
        Random random = new Random(vertices * 31L + (long) (at.latitude() * 1000));
        List<LatLon> ring = new ArrayList<>();
        for (int i = 0; i < vertices; i++) {
            double angle = 2 * Math.PI * (i + 0.3 * random.nextDouble()) / vertices;
            double radius = r + (random.nextDouble() * 2 - 1) * jitter;
            double lon = at.longitude() + radius * Math.cos(angle) * 1.5;
            lon = lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon;
            ring.add(LatLon.of(Math.max(-90, Math.min(90, at.latitude() + radius * Math.sin(angle))), lon));
        }
        ring.add(ring.get(0));
        return LatLonPolygon.of(ring);
    }

    private static Map<String, LatLon> prefixed(String prefix, Map<String, LatLon> points) {
        Map<String, LatLon> out = new LinkedHashMap<>();
        points.forEach((id, p) -> out.put(prefix + id, p));
        return out;
    }
}
