package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.NativeGeoCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link GeoQuerySuite} again with the index served by the store's native geo search, and the native
 * and cell strategies giving the same answers. Skipped on stores without {@link Capability#NATIVE_GEO}.
 */
public abstract class NativeGeoQuerySuite extends GeoQuerySuite {
    /** A radius past the whole sphere's: every point of a set. */
    private static final double WHOLE_SPHERE = dev.nosqlpatterns.store.spi.NativeGeo.WHOLE_SPHERE_METERS;

    @BeforeEach
    void needsNativeGeo() {
        assumeCapability(Capability.NATIVE_GEO);
    }

    @Override
    protected GeoIndex.Strategy strategy() {
        return GeoIndex.Strategy.NATIVE;
    }

    @Test
    void nativeAndCellStrategiesAgree() {
        String table = newTable();
        GeoIndex cells = GeoIndex.builder(store, table).strategy(GeoIndex.Strategy.CELLS).build();
        GeoIndex nativeGeo = GeoIndex.builder(store, table).strategy(GeoIndex.Strategy.NATIVE).build();
        assertEquals(GeoIndex.Strategy.NATIVE, GeoIndex.builder(store, table).build().strategy());
        Random random = new Random(17);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 60; i++) {
            points.put("n" + i, LatLon.of(-33.95 + random.nextDouble() * 0.2, 18.35 + random.nextDouble() * 0.3));
        }
        cells.putAll("shops", points);
        nativeGeo.putAll("shops", points);
        for (int q = 0; q < 6; q++) {
            LatLon centre = LatLon.of(-33.95 + random.nextDouble() * 0.2, 18.35 + random.nextDouble() * 0.3);
            double radius = 500 + random.nextDouble() * 8_000;
            assertEquals(cells.withinRadius("shops", centre, radius, 100), nativeGeo.withinRadius("shops", centre, radius, 100));
            assertEquals(ids(cells.withinRadius("shops", centre, radius, 3)),
                    ids(nativeGeo.withinRadius("shops", centre, radius, 3)));
        }
        LatLonBox box = LatLonBox.of(-33.9, 18.4, -33.8, 18.55);
        assertEquals(cells.withinBox("shops", box, 100), nativeGeo.withinBox("shops", box, 100));
    }

    @Test
    void nativeCallsReportTheirCostToListeners() {
        NativeGeoCalls geo = store.nativeGeo();
        String set = newTable();
        Random random = new Random(5);
        List<dev.nosqlpatterns.store.model.GeoPoint> points = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            points.add(new dev.nosqlpatterns.store.model.GeoPoint("c" + i, 45 + random.nextDouble() * 0.1, 7 + random.nextDouble() * 0.1));
        }
        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        store.measure(costs::add, () -> {
            geo.putPoint(set, "one", 45.05, 7.05);
            OperationCost put = only(costs, "geoPut");
            assertTrue(put.roundTrips() >= 1, put.toString());
            assertEquals(1, put.itemsWritten(), put.toString());
            assertTrue(put.bytesWritten() > 0, put.toString());

            costs.clear();
            geo.putPoints(set, points);
            OperationCost batch = only(costs, "geoPut");
            assertEquals(points.size(), batch.itemsWritten(), batch.toString());
            assertTrue(batch.roundTrips() >= 1 && batch.roundTrips() < points.size(), batch.toString());

            costs.clear();
            List<GeoHit> hits = geo.withinRadius(set, 45.05, 7.05, 3_000, 100);
            OperationCost radius = only(costs, "geoRadius");
            assertFalse(hits.isEmpty());
            assertTrue(radius.roundTrips() >= 1, radius.toString());
            // Hits are items read; a store may add the candidates it examined and dropped.
            assertTrue(radius.itemsRead() >= hits.size() && radius.bytesRead() > 0, radius + " for " + hits.size() + " hits");
            assertEquals(0, radius.itemsWritten());

            costs.clear();
            List<GeoHit> inBox = geo.withinBox(set, 45.02, 7.02, 45.08, 7.08, 100);
            OperationCost box = only(costs, "geoBox");
            assertFalse(inBox.isEmpty());
            assertTrue(box.roundTrips() >= 1 && box.itemsRead() >= inBox.size(), box + " for " + inBox.size() + " hits");

            costs.clear();
            geo.removePoint(set, "one");
            OperationCost remove = only(costs, "geoRemove");
            assertTrue(remove.roundTrips() >= 1 && remove.itemsWritten() == 1, remove.toString());

            costs.clear();
            assertThrows(IllegalArgumentException.class, () -> geo.withinRadius(set, 91, 0, 10, 10));
            assertThrows(IllegalArgumentException.class, () -> geo.putPoint(set, "", 0, 0));
            assertTrue(costs.isEmpty(), "refused calls reach the store: " + costs);
        });
    }

    @Test
    void theIndexReportsNativeSearchesThroughTheStore() {
        GeoIndex index = index();
        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        index.put("x", LatLon.of(10, 10));
        store.measure(costs::add, () -> {
            assertEquals(1, index.withinRadius(LatLon.of(10, 10), 100, 10).size());
        });
        OperationCost radius = only(costs, "geoRadius");
        assertTrue(radius.roundTrips() >= 1 && radius.itemsRead() >= 1, radius.toString());
    }

    /**
     * Two sets holding the same ids, among them points beside a pole and on the antimeridian (which some stores
     * keep apart): dropping one empties it for every kind of search and leaves the other whole; dropping again,
     * or dropping a set never filled, is harmless; the dropped set takes points again and answers only those.
     */
    @Test
    void droppingASetRemovesItsPointsAndNothingElse() {
        NativeGeoCalls geo = store.nativeGeo();
        String dropped = reserveTable();
        String kept = reserveTable();
        Random random = new Random(29);
        List<dev.nosqlpatterns.store.model.GeoPoint> points = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            points.add(new dev.nosqlpatterns.store.model.GeoPoint("p" + i, -34 + random.nextDouble() * 0.3,
                    18.3 + random.nextDouble() * 0.4));
        }
        points.add(new dev.nosqlpatterns.store.model.GeoPoint("north", 89.5, 40));
        points.add(new dev.nosqlpatterns.store.model.GeoPoint("south", -88.25, -120));
        points.add(new dev.nosqlpatterns.store.model.GeoPoint("dateline", 12.5, 180));
        geo.putPoints(dropped, points);
        geo.putPoints(kept, points);
        Map<String, LatLon> all = new LinkedHashMap<>();
        points.forEach(p -> all.put(p.id(), LatLon.of(p.latitude(), p.longitude())));
        assertEquals(all, everything(geo, dropped));
        List<GeoHit> before = geo.withinRadius(kept, 0, 0, WHOLE_SPHERE, 100);

        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        store.measure(costs::add, () -> geo.dropSet(dropped));
        OperationCost drop = only(costs, "geoDrop");
        assertTrue(drop.roundTrips() >= 1, drop.toString());
        assertEquals(0, drop.itemsRead(), drop.toString());
        assertEquals(dropped, drop.table());

        assertEquals(Map.of(), everything(geo, dropped));
        assertEquals(List.of(), geo.nearest(dropped, 89.5, 40, 10));
        assertEquals(List.of(), geo.withinRadius(dropped, -33.9, 18.5, 50_000, 100));
        assertEquals(all, everything(geo, kept));
        assertEquals(before, geo.withinRadius(kept, 0, 0, WHOLE_SPHERE, 100));
        assertEquals(List.of("north"), ids(geo.nearest(kept, 89.5, 40, 1)));

        geo.dropSet(dropped);
        geo.dropSet(reserveTable());
        assertEquals(Map.of(), everything(geo, dropped));
        assertEquals(all, everything(geo, kept));

        geo.putPoint(dropped, "p0", -33.5, 18.0);
        geo.putPoint(dropped, "north", 88.75, -10);
        assertEquals(Map.of("p0", LatLon.of(-33.5, 18.0), "north", LatLon.of(88.75, -10)), everything(geo, dropped));
        assertEquals(List.of("p0"), ids(geo.withinRadius(dropped, -33.9, 18.5, 100_000, 100)));
        assertEquals(all, everything(geo, kept));

        costs.clear();
        store.measure(costs::add, () -> {
            assertThrows(IllegalArgumentException.class, () -> geo.dropSet(""));
            assertThrows(NullPointerException.class, () -> geo.dropSet(null));
        });
        assertTrue(costs.isEmpty(), "refused calls reach the store: " + costs);
        geo.dropSet(dropped);
        geo.dropSet(kept);
        assertEquals(Map.of(), everything(geo, kept));
    }

    /**
     * Every point of {@code set} by id, as a whole-sphere radius search, a whole-world box and the nearest find
     * them, all three required to agree.
     */
    private static Map<String, LatLon> everything(NativeGeoCalls geo, String set) {
        Map<String, LatLon> byRadius = points(geo.withinRadius(set, 0, 0, WHOLE_SPHERE, 1_000));
        assertEquals(byRadius, points(geo.withinBox(set, -90, -180, 90, 180, 1_000)), "box and radius of " + set);
        assertEquals(byRadius, points(geo.nearest(set, 0, 0, 1_000)), "nearest and radius of " + set);
        return byRadius;
    }

    private static Map<String, LatLon> points(List<GeoHit> hits) {
        Map<String, LatLon> out = new java.util.TreeMap<>();
        hits.forEach(h -> assertEquals(null, out.put(h.id(), h.point()), () -> "id " + h.id() + " twice in " + hits));
        return out;
    }

    private static OperationCost only(List<OperationCost> costs, String operation) {
        List<OperationCost> matching = costs.stream().filter(c -> c.operation().equals(operation)).toList();
        assertEquals(1, matching.size(), "costs of " + operation + ": " + costs);
        return matching.get(0);
    }
}
