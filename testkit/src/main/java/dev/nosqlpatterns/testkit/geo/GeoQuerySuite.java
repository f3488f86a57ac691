package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.ids;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.inside;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The geo index answers radius and box searches exactly as brute force does, with puts, moves, removes
 * and scopes, across the antimeridian, near the poles and at (0, 0), and refuses bad input before
 * writing. Runs with the cell strategy on the storage SPI; {@link NativeGeoQuerySuite} runs it again on
 * a store's native geo search.
 */
public abstract class GeoQuerySuite extends StoreSuite {
    private static final LatLon PARIS = LatLon.of(48.8566, 2.3522);

    /** The strategy under test. */
    protected GeoIndex.Strategy strategy() {
        return GeoIndex.Strategy.CELLS;
    }

    /** The largest latitude the scenarios use; every strategy takes all of them. */
    protected double maxLatitude() {
        return 90.0;
    }

    /** A fresh index, in a fresh table, with the strategy under test. */
    protected GeoIndex index(UnaryOperator<GeoIndex.Builder> settings) {
        return settings.apply(GeoIndex.builder(store, newTable()).strategy(strategy())).build();
    }

    protected GeoIndex index() {
        return index(b -> b);
    }

    @Test
    void radiusSearchFindsThePointsInsideNearestFirst() {
        GeoIndex index = index();
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 36; i++) {
            points.put("p" + i, destination(PARIS, i * 10.0 + 3, 80 + i * 45.0));
        }
        points.put("far", destination(PARIS, 45, 40_000));
        index.putAll(points);
        List<GeoHit> hits = index.withinRadius(PARIS, 1_000, 100);
        assertEquals(within(points, PARIS, 1_000, 100), ids(hits));
        assertTrue(hits.size() > 15, "hits: " + hits.size());
        for (GeoHit hit : hits) {
            assertEquals(points.get(hit.id()), hit.point());
            assertEquals(PARIS.distanceTo(hit.point()), hit.distanceMeters(), 1e-6);
        }
        assertEquals(within(points, PARIS, 1_000, 5), ids(index.withinRadius(PARIS, 1_000, 5)));
        assertEquals(List.of("p7"), ids(index.withinRadius(points.get("p7"), 0, 10)));
        assertEquals(within(points, PARIS, 100_000, 100), ids(index.withinRadius(PARIS, 100_000, 100)));
    }

    @Test
    void putMovesAndRemoveDeletes() {
        GeoIndex index = index();
        LatLon a0 = PARIS;
        LatLon b0 = destination(PARIS, 90, 200);
        LatLon a1 = destination(PARIS, 0, 5_000);
        index.put("a", a0);
        index.put("b", b0);
        assertEquals(List.of("a", "b"), ids(index.withinRadius(PARIS, 500, 10)));
        index.put("a", a1);
        assertEquals(List.of("b"), ids(index.withinRadius(PARIS, 500, 10)));
        List<GeoHit> moved = index.withinRadius(a1, 10, 10);
        assertEquals(List.of(new GeoHit("a", a1, 0.0)), moved);
        LatLon nudged = LatLon.of(a1.latitude() + 1e-8, a1.longitude());
        index.put("a", nudged);
        assertEquals(List.of(nudged), index.withinRadius(a1, 10, 10).stream().map(GeoHit::point).toList());
        index.remove("a");
        assertEquals(List.of(), index.withinRadius(a1, 1_000, 10));
        index.remove("a");
        index.remove("never-put");
        assertEquals(List.of("b"), ids(index.withinRadius(PARIS, 100_000, 10)));
    }

    @Test
    void boxSearchIncludesEdgesAndCrossesTheAntimeridian() {
        GeoIndex index = index();
        Map<String, LatLon> points = new LinkedHashMap<>();
        points.put("west-of-line", LatLon.of(10, 179.5));
        points.put("east-of-line", LatLon.of(10, -179.5));
        points.put("on-line-east", LatLon.of(10, 180));
        points.put("on-line-west", LatLon.of(10.2, -180));
        points.put("outside-west", LatLon.of(10, 178));
        points.put("outside-east", LatLon.of(10, -178));
        points.put("on-south-edge", LatLon.of(9, 179.9));
        points.put("below", LatLon.of(8.99, 179.9));
        index.putAll(points);
        LatLonBox across = LatLonBox.of(9, 179, 11, -179);
        assertEquals(inside(points, across), ids(index.withinBox(across, 100)));
        assertEquals(5, index.withinBox(across, 100).size());
        LatLonBox upToTheLine = LatLonBox.of(9, 170, 11, 180);
        assertEquals(inside(points, upToTheLine), ids(index.withinBox(upToTheLine, 100)));
        assertTrue(ids(index.withinBox(upToTheLine, 100)).contains("on-line-west"));
        LatLonBox ordinary = LatLonBox.of(9.5, 179, 10.1, 179.8);
        assertEquals(List.of("west-of-line"), ids(index.withinBox(ordinary, 100)));
        GeoHit hit = index.withinBox(ordinary, 100).get(0);
        assertEquals(ordinary.centre().distanceTo(hit.point()), hit.distanceMeters(), 1e-6);
    }

    @Test
    void scopesKeepTheirPointsApart() {
        GeoIndex index = index();
        LatLon fuelX = destination(PARIS, 180, 100);
        index.put("food", "x", PARIS);
        index.put("fuel", "x", fuelX);
        index.put("food", "y", destination(PARIS, 0, 50));
        index.put("x", destination(PARIS, 90, 10));
        assertEquals(List.of("x", "y"), ids(index.withinRadius("food", PARIS, 1_000, 10)));
        assertEquals(PARIS, index.withinRadius("food", PARIS, 1_000, 10).get(0).point());
        assertEquals(List.of(fuelX), index.withinRadius("fuel", PARIS, 1_000, 10).stream().map(GeoHit::point).toList());
        assertEquals(List.of("x"), ids(index.withinRadius(PARIS, 1_000, 10)));
        assertEquals(destination(PARIS, 90, 10), index.withinRadius(PARIS, 1_000, 10).get(0).point());
        index.remove("food", "x");
        assertEquals(List.of("y"), ids(index.withinRadius("food", PARIS, 1_000, 10)));
        assertEquals(List.of("x"), ids(index.withinRadius("fuel", PARIS, 1_000, 10)));
        assertEquals(List.of("y"), ids(index.withinBox("food", LatLonBox.of(48, 2, 49, 3), 10)));
    }

    @Test
    void searchesAroundTheAntimeridianThePolesAndTheOrigin() {
        GeoIndex index = index();
        double top = maxLatitude();
        Map<String, LatLon> points = new LinkedHashMap<>();
        points.put("w", LatLon.of(0, 179.99));
        points.put("e", LatLon.of(0, -179.99));
        points.put("line", LatLon.of(0.001, -180));
        points.put("beyond", LatLon.of(0, 179.9));
        for (int lon = -180; lon < 180; lon += 45) {
            points.put("cap" + lon, LatLon.of(top - 0.05, lon));
            points.put("south-cap" + lon, LatLon.of(-top + 0.05, lon));
        }
        points.put("cap-far", LatLon.of(top - 1, 10));
        for (int q = 0; q < 4; q++) {
            points.put("origin" + q, LatLon.of(q < 2 ? 0.0005 : -0.0005, q % 2 == 0 ? 0.0005 : -0.0005));
        }
        points.put("origin", LatLon.of(0, 0));
        index.putAll(points);
        LatLon onLine = LatLon.of(0, 180);
        List<String> nearLine = within(points, onLine, 2_000, 100);
        assertEquals(Set.of("line", "e", "w"), Set.copyOf(nearLine));
        assertEquals(nearLine, ids(index.withinRadius(onLine, 2_000, 100)));
        for (LatLon pole : List.of(LatLon.of(top, 45), LatLon.of(-top, -135))) {
            List<String> expected = within(points, pole, 30_000, 100);
            assertEquals(expected, ids(index.withinRadius(pole, 30_000, 100)), () -> "around " + pole);
        }
        if (top == 90.0) {
            assertEquals(8, within(points, LatLon.of(90, 0), 30_000, 100).size());
        }
        LatLon origin = LatLon.of(0, 0);
        assertEquals(within(points, origin, 200, 100), ids(index.withinRadius(origin, 200, 100)));
        assertEquals(5, index.withinRadius(origin, 200, 100).size());
        LatLonBox cap = LatLonBox.of(top - 0.1, -180, top, 180);
        assertEquals(inside(points, cap), ids(index.withinBox(cap, 100)));
        assertEquals(8, index.withinBox(cap, 100).size());
    }

    @Test
    void randomSearchesAgreeWithBruteForce() {
        GeoIndex index = index();
        Random random = new Random(42);
        Map<String, LatLon> points = new LinkedHashMap<>();
        LatLon corner = LatLon.of(59.8, 10.6);
        for (int i = 0; i < 80; i++) {
            points.put("r" + i, LatLon.of(corner.latitude() + random.nextDouble() * 0.25,
                    corner.longitude() + random.nextDouble() * 0.5));
        }
        index.putAll(points);
        for (int q = 0; q < 10; q++) {
            LatLon centre = LatLon.of(corner.latitude() + random.nextDouble() * 0.25,
                    corner.longitude() + random.nextDouble() * 0.5);
            double radius = 200 * Math.pow(50, random.nextDouble());
            int limit = 1 + random.nextInt(30);
            assertEquals(within(points, centre, radius, limit), ids(index.withinRadius(centre, radius, limit)),
                    () -> "radius " + radius + " around " + centre);
        }
        for (int q = 0; q < 5; q++) {
            double south = corner.latitude() + random.nextDouble() * 0.2;
            double west = corner.longitude() + random.nextDouble() * 0.4;
            LatLonBox box = LatLonBox.of(south, west, south + random.nextDouble() * 0.1, west + random.nextDouble() * 0.2);
            assertEquals(inside(points, box), ids(index.withinBox(box, 100)), box::toString);
        }
    }

    @Test
    void nativeGeoOnAStoreWithoutItNamesTheCapability() {
        Assumptions.assumeFalse(store.has(Capability.NATIVE_GEO));
        UnsupportedCapabilityException e = assertThrows(UnsupportedCapabilityException.class, store::nativeGeo);
        assertEquals(Capability.NATIVE_GEO, e.capability());
        assertTrue(e.getMessage().contains(Capability.NATIVE_GEO.toString()), e.getMessage());
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        GeoIndex index = index();
        String table = lastTable();
        LatLon p = PARIS;
        refused(() -> index.withinRadius(p, -1, 10), "radius", "-1");
        refused(() -> index.withinRadius(p, Double.NaN, 10), "radius", "NaN");
        refused(() -> index.withinRadius(p, Double.POSITIVE_INFINITY, 10), "Infinity");
        refused(() -> index.withinRadius(p, 10, 0), "limit", "0");
        refused(() -> index.withinBox(LatLonBox.of(0, 0, 1, 1), 10_001), "limit", "10001");
        refused(() -> index.put("", p), "id must not be empty");
        refused(() -> index.put(null, "id", p), "scope must not be null");
        refused(() -> index.put("s", "id", null), "point must not be null");
        refused(() -> index.put("bad\uD800", p), "unpaired surrogate");
        refused(() -> index.put("id", LatLon.of(Double.NaN, 0)), "latitude", "NaN");
        refused(() -> index.put("id", LatLon.of(0, 180.5)), "longitude", "180.5");
        refused(() -> index.put("id", LatLon.of(-90.5, Double.NEGATIVE_INFINITY)), "-90.5", "-Infinity");
        refused(() -> index.withinBox(LatLonBox.of(5, 0, 4, 1), 10), "south 5.0 lies north of north 4.0");
        refused(() -> index.putAll(Map.of("ok", p, "", p)), "must not be empty");
        if (strategy() == GeoIndex.Strategy.CELLS) {
            refused(() -> index.put("x".repeat(store.limits().maxSortKeyBytes()), p), "sort key", "limit");
        }
        assertTrue(store.scan(Scan.of(table)).items().isEmpty(), "nothing was written");
    }

    private String lastTable;

    @Override
    protected String newTable() {
        lastTable = super.newTable();
        return lastTable;
    }

    private String lastTable() {
        return lastTable;
    }

    private static void refused(Executable call, String... fragments) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
        }
    }
}
