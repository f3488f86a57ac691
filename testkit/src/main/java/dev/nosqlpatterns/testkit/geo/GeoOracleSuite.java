package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static dev.nosqlpatterns.testkit.geo.GeoOracle.box;
import static dev.nosqlpatterns.testkit.geo.GeoOracle.radius;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.geo.GeoOracle.Search;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Geo searches held to a brute-force oracle ({@link GeoOracle}) where stores tend to slip: the poles,
 * the antimeridian, Redis's latitude limit ±85.05112878, limits with points just outside the shape,
 * nearest first with exact and near ties (points millimetres apart, many points in a few decimetres
 * with the nearest put last), radius 0 and points exactly at the centre. Hits, their order (distance,
 * then id), their coordinates and distances must match the oracle exactly.
 *
 * <p>This class runs the scenarios on the cell strategy, on every store; {@link NativeGeoOracleSuite}
 * runs the same ones on the store's native geo search, through the capability and through the index.
 */
public abstract class GeoOracleSuite extends StoreSuite {
    /** Redis's own latitude limit. */
    static final double REDIS_LIMIT = 85.05112878;

    /** The ways of putting and searching points under test, each on fresh sets. */
    protected List<GeoOracle.Path> paths() {
        return List.of(GeoOracle.index(store, newTable(), GeoIndex.Strategy.CELLS));
    }

    /** Whether searches over the whole sphere are cheap enough to run. */
    protected boolean wholeSphereIsCheap() {
        return false;
    }

    private void check(Map<String, LatLon> points, List<? extends Search> searches) {
        GeoOracle.check(paths(), points, searches);
    }

    @Test
    void latitudeLimitsAndBeyond() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        double[] lats = {REDIS_LIMIT, 85.0511, 85.05, 85.0, 84.99, 84.98, 85.06, 89.9999, 90};
        for (int i = 0; i < lats.length; i++) {
            points.put("n" + i, LatLon.of(lats[i], 10));
            points.put("s" + i, LatLon.of(-lats[i], -170 + i * 0.001));
            points.put("am" + i, LatLon.of(lats[i] - 0.001, i % 2 == 0 ? 179.999 : -180));
        }
        points.put("am-east", LatLon.of(85.02, -175));
        points.put("am-180", LatLon.of(85.03, 180));
        check(points, List.of(
                radius(REDIS_LIMIT, 10, 1_000, 10),
                radius(REDIS_LIMIT, 10, 0, 10),
                radius(-REDIS_LIMIT, -170, 1_000, 3),
                radius(85.0, 10, 6_000, 5),
                radius(85.05, 10, 10_000, 100),
                box(80, 170, 90, -170, 100),
                box(80, 170, 90, -170, 4),
                box(84.98, -180, REDIS_LIMIT, 180, 100),
                box(-90, 170, -80, -170, 100),
                box(-REDIS_LIMIT, -171, -84.99, -169, 2)));
    }

    @Test
    void limitsWithPointsJustOutsideTheShape() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        points.put("in-a", LatLon.of(0.05, 0.05));
        points.put("in-b", LatLon.of(0.95, 0.9));
        for (int i = 0; i < 5; i++) {
            points.put("north" + i, LatLon.of(1.000001, 0.4 + i * 0.05));
            points.put("east" + i, LatLon.of(0.3 + i * 0.1, 1 + 1e-7));
        }
        points.put("on-edge", LatLon.of(1, 0.5));
        LatLon c = LatLon.of(10, 10);
        for (int i = 0; i < 6; i++) {
            points.put("ring-out" + i, destination(c, i * 60, 1_000.001));
            points.put("ring-in" + i, destination(c, i * 60 + 30, 999.5));
        }
        points.put("am-in", LatLon.of(0.5, 179.9999));
        points.put("am-out", LatLon.of(0.5, -179.0));
        points.put("am-out-north", LatLon.of(1.0000001, -179.9999));
        check(points, List.of(
                box(0, 0, 1, 1, 3),
                box(0, 0, 1, 1, 1),
                box(0, 0, 1, 1, 100),
                radius(10, 10, 1_000, 3),
                radius(10, 10, 1_000, 6),
                radius(10, 10, 1_000, 100),
                box(0, 179.99, 1, -179.99, 1),
                box(0, 179.99, 1, -179.99, 100)));
    }

    @Test
    void nearestFirstWithTiesAndNearTies() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        points.put("far-mm", LatLon.of(0, 0.0000001));
        points.put("near-mm", LatLon.of(0, 0.00000006));
        LatLon c = LatLon.of(10, 10);
        Random random = new Random(61);
        for (int i = 0; i < 60; i++) {
            points.put("crowd" + i, destination(c, random.nextDouble() * 360, 0.05 + random.nextDouble() * 0.25));
        }
        points.put("crowd-nearest", destination(c, 123, 0.01));
        for (String id : List.of("tie-z", "tie-a", "tie-m")) {
            points.put(id, LatLon.of(-20, -40));
        }
        points.put("eq-w", LatLon.of(0, 49.999));
        points.put("eq-e", LatLon.of(0, 50.001));
        check(points, List.of(
                radius(0, 0, 1, 1),
                radius(0, 0, 1, 2),
                radius(10, 10, 0.3, 1),
                radius(10, 10, 0.3, 5),
                radius(10, 10, 1, 100),
                radius(-20, -40, 10, 2),
                radius(-20, -40, 0, 1),
                radius(0, 50, 1_000, 1),
                box(-1, 49, 1, 51, 1)));
    }

    @Test
    void polesAndPointsAtTheCentre() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        int[] lons = {-180, -135, -90, -45, 0, 45, 90, 135, 180};
        for (int lon : lons) {
            points.put("pole" + lon, LatLon.of(90, lon));
            points.put("south-pole" + lon, LatLon.of(-90, lon));
        }
        for (int i = 0; i < 8; i++) {
            points.put("near" + i, destination(LatLon.of(90, 0), i * 45, 1 + i));
            points.put("south-near" + i, destination(LatLon.of(-90, 0), i * 45, 1 + i));
        }
        points.put("centre", LatLon.of(45, 45));
        points.put("centre-mm", LatLon.of(45.00000001, 45));
        check(points, List.of(
                radius(90, 0, 10, 7),
                radius(90, 77, 0, 100),
                radius(89.99999, 0, 3, 100),
                radius(-90, 180, 5, 7),
                box(89.99999, -180, 90, 180, 5),
                box(89.99, 100, 90, -100, 100),
                radius(45, 45, 0, 10),
                radius(45, 45, 0.001, 10),
                radius(45, 45, 0.01, 10)));
    }

    @Test
    void circlesAndBoxesAcrossTheAntimeridian() {
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            double lat = -2 + i * 0.2;
            points.put("w" + i, LatLon.of(lat, 179.99 - i * 0.02));
            points.put("e" + i, LatLon.of(lat, -179.99 + i * 0.02));
            points.put("high" + i, LatLon.of(70 + i * 0.01, i % 2 == 0 ? 179.995 : -179.995));
        }
        points.put("line+", LatLon.of(0, 180));
        points.put("line-", LatLon.of(0.0001, -180));
        check(points, List.of(
                radius(0, 180, 20_000, 100),
                radius(0, -180, 20_000, 3),
                radius(0, 179.9, 50_000, 100),
                radius(70.05, -179.99, 5_000, 100),
                radius(70.05, 179.99, 5_000, 4),
                box(-1, 179.9, 1, -179.9, 100),
                box(-1, 179.9, 1, -179.9, 2),
                box(-3, 180, 3, -179.95, 100),
                box(69, 179.99, 71, 180, 100),
                box(69, -180, 71, -179.99, 100)));
    }

    /**
     * Searches over the whole sphere; only where {@link #wholeSphereIsCheap()}, since the cell strategy
     * reads every partition for them (tens of thousands of round trips).
     */
    @Test
    void searchesOverTheWholeSphere() {
        org.junit.jupiter.api.Assumptions.assumeTrue(wholeSphereIsCheap(), "the cell strategy reads every partition");
        Map<String, LatLon> points = new LinkedHashMap<>();
        Random random = new Random(7);
        for (int i = 0; i < 30; i++) {
            points.put("s" + i, LatLon.of(Math.toDegrees(Math.asin(random.nextDouble() * 2 - 1)),
                    random.nextDouble() * 360 - 180));
        }
        points.put("antipode", LatLon.of(0, 0));
        check(points, List.of(
                radius(0, 180, 25_000_000, 5),
                radius(0, 180, 20_015_086, 40),
                radius(-45, 90, 20_015_000, 3),
                box(-90, -180, 90, 180, 5),
                box(-90, 0, 90, -0.000001, 3)));
    }

    @Test
    void randomSearchesAroundHardPlacesAgreeWithTheOracle() {
        Random random = new Random(2024);
        LatLon[] places = {LatLon.of(0, 180), LatLon.of(89.99, 0), LatLon.of(-89.99, 0), LatLon.of(REDIS_LIMIT, -30),
                LatLon.of(0, 0)};
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 80; i++) {
            LatLon at = places[i % places.length];
            points.put("r" + i, destination(at, random.nextDouble() * 360, Math.pow(2_000, random.nextDouble())));
        }
        List<Search> searches = new ArrayList<>();
        for (int q = 0; q < 15; q++) {
            LatLon at = destination(places[q % places.length], random.nextDouble() * 360, random.nextDouble() * 100);
            double meters = Math.pow(3_000, random.nextDouble());
            int limit = 1 + random.nextInt(8);
            searches.add(new GeoOracle.Radius(at, meters, limit));
            double half = meters / 111_000;
            double south = Math.max(-90, at.latitude() - half);
            double north = Math.min(90, at.latitude() + half);
            double west = at.longitude() - half * 3;
            double east = at.longitude() + half * 3;
            searches.add(box(south, west < -180 ? west + 360 : west, north, east > 180 ? east - 360 : east, limit));
        }
        check(points, searches);
    }
}
