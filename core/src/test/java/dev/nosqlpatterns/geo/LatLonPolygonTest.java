package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LatLonPolygonTest {

    static List<LatLon> ring(double... latLons) {
        List<LatLon> out = new ArrayList<>();
        for (int i = 0; i < latLons.length; i += 2) {
            out.add(LatLon.of(latLons[i], latLons[i + 1]));
        }
        return out;
    }

    /** A C shape: concave, open to the east. */
    static final List<LatLon> C = ring(0, 0, 0, 10, 2, 10, 2, 2, 8, 2, 8, 10, 10, 10, 10, 0, 0, 0);

    @Test
    void concavePolygonsHoldTheirInsideOnly() {
        LatLonPolygon c = LatLonPolygon.of(C);
        assertTrue(c.contains(1, 5));
        assertTrue(c.contains(5, 1));
        assertFalse(c.contains(5, 5), "the notch of the C");
        assertTrue(c.contains(0, 5), "an edge");
        assertTrue(c.contains(2, 6), "an inner edge");
        assertFalse(c.contains(-0.001, 5));
        assertEquals(LatLonBox.of(0, 0, 10, 10), c.bounds());
        assertTrue(c.enclosedPole().isEmpty());
    }

    @Test
    void holesAreOutsideButTheirEdgesInside() {
        LatLonPolygon p = LatLonPolygon.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0),
                List.of(ring(4, 4, 4, 6, 6, 6, 6, 4, 4, 4)));
        assertFalse(p.contains(5, 5));
        assertTrue(p.contains(4, 5));
        assertTrue(p.contains(3, 5));
        double expected = LatLonBox.of(0, 0, 10, 10).areaSquareMeters() - LatLonBox.of(4, 4, 6, 6).areaSquareMeters();
        assertEquals(expected, p.areaSquareMeters(), expected * 1e-9);
    }

    @Test
    void edgesTakeTheShorterWayAcrossTheAntimeridian() {
        LatLonPolygon p = LatLonPolygon.of(ring(-5, 175, -5, -175, 5, -175, 5, 175, -5, 175));
        assertTrue(p.contains(0, 180));
        assertTrue(p.contains(0, -180));
        assertTrue(p.contains(0, 179));
        assertTrue(p.contains(0, -176));
        assertFalse(p.contains(0, 0));
        assertFalse(p.contains(0, 174));
        assertEquals(LatLonBox.of(-5, 175, 5, -175), p.bounds());
        assertEquals(180.0, Math.abs(p.centre().longitude()), 1e-9);
    }

    @Test
    void aRingAroundAPoleEnclosesTheNearerPole() {
        List<LatLon> north = new ArrayList<>();
        for (int lon = 0; lon <= 360; lon += 45) {
            north.add(LatLon.of(80 + (lon % 90 == 0 ? 0 : 2), lon >= 180 ? lon - 360 : lon));
        }
        north.set(north.size() - 1, north.get(0));
        LatLonPolygon p = LatLonPolygon.of(north);
        assertEquals(LatLon.of(90, 0), p.enclosedPole().orElseThrow());
        assertTrue(p.contains(90, 17));
        assertTrue(p.contains(85, -100));
        assertTrue(p.contains(80.5, 10));
        assertFalse(p.contains(79, 10));
        assertFalse(p.contains(-85, 0));
        List<LatLon> south = new ArrayList<>(north.stream().map(v -> LatLon.of(-v.latitude(), v.longitude())).toList());
        java.util.Collections.reverse(south);
        LatLonPolygon s = LatLonPolygon.of(south);
        assertEquals(LatLon.of(-90, 0), s.enclosedPole().orElseThrow());
        assertTrue(s.contains(-89, 33));
        assertFalse(s.contains(89, 33));
    }

    @Test
    void badPolygonsAreRefusedNamingTheBadValue() {
        IllegalArgumentException open = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 1, 1, 1, 1, 0)));
        assertTrue(open.getMessage().contains("not closed") && open.getMessage().contains("(1.0, 0.0)"), open.getMessage());
        IllegalArgumentException short3 = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 1, 1, 1)));
        assertTrue(short3.getMessage().contains("at least 4 vertices"), short3.getMessage());
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 1, 0, 1, 0, 0)));
        assertTrue(few.getMessage().contains("fewer than 3 distinct points"), few.getMessage());
        IllegalArgumentException bow = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 1, 1, 1, 0, 0, 1, 0, 0)));
        assertTrue(bow.getMessage().contains("crosses or touches itself") && bow.getMessage().contains("(1.0, 1.0)"),
                bow.getMessage());
        IllegalArgumentException hole = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0), List.of(ring(20, 20, 20, 21, 21, 21, 20, 20))));
        assertTrue(hole.getMessage().contains("hole 1 is not inside"), hole.getMessage());
        IllegalArgumentException crossing = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0), List.of(ring(5, 5, 5, 15, 6, 15, 5, 5))));
        assertTrue(crossing.getMessage().contains("hole 1 touches or crosses the outer ring"), crossing.getMessage());
        IllegalArgumentException half = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 180, 10, 180, 0, 0)));
        assertTrue(half.getMessage().contains("exactly 180 degrees"), half.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> LatLonPolygon.of(ring(0, 0, 0, 1, 1, 1, 1, 0), List.of(ring(0, 0, 1, 1, 1, 0, 0, 1, 0, 0))));
        assertTrue(both.getMessage().contains("not closed") && both.getMessage().contains("hole 1 crosses"),
                both.getMessage());
    }

    @Test
    void tooManyVerticesAreRefusedBeforeTheyAreChecked() {
        List<LatLon> ring = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            ring.add(LatLon.of(Math.sin(i * 0.01), Math.cos(i * 0.01)));
        }
        ring.add(ring.get(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LatLonPolygon.of(ring));
        assertTrue(e.getMessage().contains("5001 vertices, more than 4096"), e.getMessage());
    }

    @Test
    void aWideRingAroundThePoleAndItsCover() {
        List<LatLon> ring = new ArrayList<>();
        for (int lon = 180; lon > -180; lon -= 20) {
            ring.add(LatLon.of(-10, lon));
        }
        ring.add(ring.get(0));
        LatLonPolygon p = LatLonPolygon.of(ring);
        assertEquals(LatLon.of(-90, 0), p.enclosedPole().orElseThrow(), "the smaller side of a ring at -10 is the south");
        assertTrue(p.contains(-20, 33));
        assertTrue(p.contains(-10, 33));
        assertFalse(p.contains(0, 33));
        assertEquals(LatLonBox.of(-90, -180, -10, 180), p.bounds());
        List<LatLon> tilted = new ArrayList<>();
        for (int lon = 180; lon > -180; lon -= 20) {
            tilted.add(LatLon.of(lon > 0 ? 10 : -5, lon));
        }
        tilted.add(tilted.get(0));
        assertEquals(LatLon.of(90, 0), LatLonPolygon.of(tilted).enclosedPole().orElseThrow(), "mostly north of the equator");
    }

    @Test
    void coversHoldEveryPointInsideOnEveryGrid() {
        List<LatLonPolygon> polygons = List.of(LatLonPolygon.of(C),
                LatLonPolygon.of(ring(-5, 175, -5, -175, 5, -175, 0, 179, 5, 175, -5, 175)),
                LatLonPolygon.of(ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0), List.of(ring(4, 4, 4, 6, 6, 6, 6, 4, 4, 4))),
                LatLonPolygon.of(ring(70, 0, 75, 120, 70, -120, 70, 0)));
        Random random = new Random(5);
        for (LatLonPolygon p : polygons) {
            for (CoverOptions options : List.of(CoverOptions.DEFAULT, new CoverOptions(8, 15, 60), new CoverOptions(64, 0, 30))) {
                GeoCover cover = GeoCover.of(p, options);
                LatLonBox b = p.bounds();
                int inside = 0;
                for (int i = 0; i < 4000; i++) {
                    double lat = b.south() + random.nextDouble() * (b.north() - b.south());
                    double lon = b.west() + random.nextDouble() * b.widthDegrees();
                    lon = lon > 180 ? lon - 360 : lon;
                    if (p.contains(lat, lon)) {
                        inside++;
                        assertTrue(cover.contains(lat, lon), p + " " + options + " misses (" + lat + ", " + lon + ")");
                    }
                }
                assertTrue(inside > 100, p.toString());
                if (options.partitionBits() == 0) {
                    assertTrue(cover.ranges().size() <= options.maxRanges(), cover.ranges().toString());
                }
                assertTrue(cover.areaSquareMeters() < 40 * p.areaSquareMeters(), p + ": cover reads "
                        + cover.areaSquareMeters() / p.areaSquareMeters() + " times the area");
            }
        }
    }
}
