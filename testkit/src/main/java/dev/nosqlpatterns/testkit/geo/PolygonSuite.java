package dev.nosqlpatterns.testkit.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoHit;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLon;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Polygon search held to brute force (the polygon's own point test over every point) on every store and
 * strategy: a concave polygon, a polygon with a hole, one across the antimeridian and one around the north
 * pole, with points on and next to their edges. Bad polygons are refused before anything is read.
 */
public abstract class PolygonSuite extends StoreSuite {

    private GeoIndex open(GeoIndex.Strategy strategy) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        return GeoIndex.builder(store, newTable()).strategy(strategy).partitionChars(2).build();
    }

    private static List<String> bruteForce(Map<String, LatLon> points, LatLonPolygon polygon, LatLon centre) {
        return points.entrySet().stream().filter(e -> polygon.contains(e.getValue()))
                .sorted(Comparator.comparingDouble((Map.Entry<String, LatLon> e) -> centre.distanceTo(e.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey).toList();
    }

    /** A "C" shape around Paris: concave, its mouth open to the east. */
    static final LatLonPolygon CONCAVE = LatLonPolygon.of(48.80, 2.25, 48.80, 2.45, 48.83, 2.45, 48.83, 2.30,
            48.87, 2.30, 48.87, 2.45, 48.90, 2.45, 48.90, 2.25, 48.80, 2.25);
    /** A square with a square hole. */
    static final LatLonPolygon HOLED = LatLonPolygon.of(10, 10, 10, 12, 12, 12, 12, 10, 10, 10)
            .withHole(List.of(LatLon.of(10.5, 10.5), LatLon.of(10.5, 11.5), LatLon.of(11.5, 11.5),
                    LatLon.of(11.5, 10.5), LatLon.of(10.5, 10.5)));
    /** Fiji-like: across the antimeridian. */
    static final LatLonPolygon ACROSS = LatLonPolygon.of(-19, 177, -19, -178, -16, -178, -16, 177, -19, 177);
    /** Everything north of about 80°, drawn as a ring around the pole. */
    static final LatLonPolygon ARCTIC = LatLonPolygon.of(80, 0, 81, 90, 80, 180, 81, -90, 80, 0);

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void polygonSearchesEqualBruteForce(GeoIndex.Strategy strategy) {
        GeoIndex index = open(strategy);
        Random random = new Random(7);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 150; i++) {
            points.put("paris" + i, LatLon.of(48.78 + random.nextDouble() * 0.14, 2.22 + random.nextDouble() * 0.26));
            points.put("sq" + i, LatLon.of(9.8 + random.nextDouble() * 2.4, 9.8 + random.nextDouble() * 2.4));
            double lon = 176 + random.nextDouble() * 8;
            points.put("fiji" + i, LatLon.of(-19.5 + random.nextDouble() * 4, lon > 180 ? lon - 360 : lon));
            points.put("arctic" + i, LatLon.of(78 + random.nextDouble() * 11.9, random.nextDouble() * 360 - 180));
        }
        points.put("edge-c", LatLon.of(48.83, 2.35));
        points.put("corner-sq", LatLon.of(10, 10));
        points.put("hole-edge", LatLon.of(10.5, 11));
        points.put("hole-inside", LatLon.of(11, 11));
        points.put("fiji-180", LatLon.of(-17, 180));
        points.put("pole", LatLon.of(90, 0));
        index.putAll(points);
        for (LatLonPolygon polygon : List.of(CONCAVE, HOLED, ACROSS, ARCTIC)) {
            List<GeoHit> hits = index.withinPolygon(polygon, GeoIndex.MAX_LIMIT);
            List<String> expected = bruteForce(points, polygon, centreOf(polygon));
            assertEquals(expected, hits.stream().map(GeoHit::id).toList(), strategy + " " + polygon.outer());
            assertTrue(!expected.isEmpty(), "the polygon holds points: " + polygon.outer());
            assertEquals(expected.subList(0, Math.min(5, expected.size())),
                    index.withinPolygon(polygon, 5).stream().map(GeoHit::id).toList(), "the first five");
        }
        assertTrue(CONCAVE.contains(LatLon.of(48.83, 2.35)) && !CONCAVE.contains(LatLon.of(48.85, 2.40)),
                "the mouth of the C is outside");
        assertTrue(HOLED.contains(LatLon.of(10.5, 11)) && !HOLED.contains(LatLon.of(11, 11)), "hole edge in, hole out");
        assertTrue(ACROSS.contains(LatLon.of(-17, 180)) && ACROSS.contains(LatLon.of(-17, -179)));
        assertTrue(ARCTIC.contains(LatLon.of(90, 0)) && ARCTIC.contains(LatLon.of(85, -120)));
    }

    /** The point results are ordered from: the pole for a polar ring, else the middle of the outer ring's span. */
    private static LatLon centreOf(LatLonPolygon polygon) {
        if (polygon == ARCTIC) {
            return LatLon.of(90, 0);
        }
        double south = polygon.outer().stream().mapToDouble(LatLon::latitude).min().orElseThrow();
        double north = polygon.outer().stream().mapToDouble(LatLon::latitude).max().orElseThrow();
        if (polygon == ACROSS) {
            return LatLon.of((south + north) / 2, 179.5);
        }
        double west = polygon.outer().stream().mapToDouble(LatLon::longitude).min().orElseThrow();
        double east = polygon.outer().stream().mapToDouble(LatLon::longitude).max().orElseThrow();
        return LatLon.of((south + north) / 2, (west + east) / 2);
    }

    @Test
    void badPolygonsAreRefusedNamingTheProblem() {
        IllegalArgumentException open = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(0, 0, 0, 1, 1, 1));
        assertTrue(open.getMessage().contains("not closed"), open.getMessage());
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(0, 0, 0, 1, 0, 0));
        assertTrue(few.getMessage().contains("distinct"), few.getMessage());
        IllegalArgumentException bowtie = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(0, 0, 1, 1, 1, 0, 0, 1, 0, 0));
        assertTrue(bowtie.getMessage().contains("crosses itself"), bowtie.getMessage());
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> LatLonPolygon
                .of(0, 0, 0, 1, 1, 1, 1, 0, 0, 0).withHole(List.of(LatLon.of(5, 5), LatLon.of(5, 6), LatLon.of(6, 6),
                        LatLon.of(5, 5))));
        assertTrue(outside.getMessage().contains("outside the outer ring"), outside.getMessage());
    }
}
