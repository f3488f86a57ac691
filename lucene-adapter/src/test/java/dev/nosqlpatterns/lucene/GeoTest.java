package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.NativeGeoCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** LatLonPoint search: by radius nearest first, by box (across the antimeridian too). */
class GeoTest {
    private Store store;
    private NativeGeoCalls geo;
    private final String set = "cities" + System.nanoTime();

    @BeforeEach
    void open() {
        store = Store.of(LuceneFixture.openBackend());
        geo = store.nativeGeo();
        geo.putPoint(set, "paris", 48.8566, 2.3522);
        geo.putPoint(set, "london", 51.5074, -0.1278);
        geo.putPoint(set, "brussels", 50.8503, 4.3517);
        geo.putPoint(set, "suva", -18.1416, 178.4419);
        geo.putPoint(set, "apia", -13.8333, -171.75);
    }

    @AfterEach
    void close() {
        for (String id : List.of("paris", "london", "brussels", "suva", "apia")) {
            geo.removePoint(set, id);
        }
        store.close();
    }

    private static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }

    @Test
    void withinRadiusNearestFirst() {
        List<GeoHit> hits = geo.withinRadius(set, 48.8566, 2.3522, 400_000, 10);
        assertEquals(List.of("paris", "brussels", "london"), ids(hits));
        assertEquals(0, hits.get(0).distanceMeters(), 1);
        assertEquals(264_000, hits.get(1).distanceMeters(), 5_000);
        assertEquals(48.8566, hits.get(0).point().latitude());
        assertEquals(List.of("paris", "brussels"), ids(geo.withinRadius(set, 48.8566, 2.3522, 300_000, 10)));
        assertEquals(List.of("paris"), ids(geo.withinRadius(set, 48.8566, 2.3522, 400_000, 1)));
    }

    @Test
    void withinBoxAndAcrossTheAntimeridian() {
        assertEquals(List.of("brussels", "paris", "london").size(), geo.withinBox(set, 48, -1, 52, 5, 10).size());
        assertEquals(List.of("paris"), ids(geo.withinBox(set, 48, 2, 49, 3, 10)));
        List<String> pacific = ids(geo.withinBox(set, -20, 170, -10, -170, 10));
        assertEquals(2, pacific.size());
        assertTrue(pacific.containsAll(List.of("suva", "apia")));
    }

    @Test
    void movingAndRemovingPoints() {
        geo.putPoint(set, "paris", -18.1416, 178.4);
        assertEquals(List.of("brussels", "london"), ids(geo.withinRadius(set, 50.8503, 4.3517, 400_000, 10)));
        geo.removePoint(set, "suva");
        assertEquals(List.of("paris"), ids(geo.withinRadius(set, -18.1416, 178.4419, 50_000, 10)));
        String other = set + "x";
        geo.putPoint(other, "here", 0, 0);
        assertEquals(List.of(), geo.withinRadius(set, 0, 0, 1000, 10));
        geo.removePoint(other, "here");
    }

    @Test
    void badCoordinatesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> geo.putPoint(set, "x", 91, 0));
        assertThrows(IllegalArgumentException.class, () -> geo.withinRadius(set, 0, 0, -1, 10));
        assertThrows(IllegalArgumentException.class, () -> geo.withinBox(set, 10, 0, 0, 10, 10));
    }
}
