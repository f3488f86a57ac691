package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLon;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.Capability;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link GeoQuerySuite} again with the index served by the store's native geo search, and the native
 * and cell strategies giving the same answers. Skipped on stores without {@link Capability#NATIVE_GEO}.
 */
public abstract class NativeGeoQuerySuite extends GeoQuerySuite {

    @BeforeEach
    void needsNativeGeo() {
        assumeCapability(Capability.NATIVE_GEO);
    }

    @Override
    protected GeoIndex.Strategy strategy() {
        return GeoIndex.Strategy.NATIVE;
    }

    /** Redis keeps geo points within ±85.05112878 degrees. */
    @Override
    protected double maxLatitude() {
        return 85.0;
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
}
