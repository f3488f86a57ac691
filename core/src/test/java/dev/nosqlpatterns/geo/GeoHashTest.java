package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class GeoHashTest {

    /** Asserts that the call fails and that its message contains every fragment. */
    static void rejects(Executable call, String... fragments) {
        RuntimeException e = assertThrows(RuntimeException.class, call);
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
        }
    }

    @Test
    void encodesPublishedVectors() {
        assertEquals("u4pruydqqvj", GeoHash.toBase32(57.64911, 10.40744, 11));
        assertEquals("ezs42", GeoHash.toBase32(42.6, -5.6, 5));
        assertEquals("s00000000000", GeoHash.toBase32(0, 0, 12));
        assertEquals("zzzzzzzzzzzz", GeoHash.toBase32(90, 180, 12));
        assertEquals("000000000000", GeoHash.toBase32(-90, -180, 12));
        assertEquals("7", GeoHash.toBase32(-0.000001, -0.000001, 1));
        assertEquals("xu4pruy", GeoHash.appendBase32(57.64911, 10.40744, 6, new StringBuilder("x")).toString());
    }

    @Test
    void integerCodesAreTheBitsOfTheString() {
        long code = GeoHash.encode(57.64911, 10.40744);
        assertEquals("u4pruydqqvj", GeoHash.toBase32(code >>> 9, 55));
        assertEquals(code >>> 9, GeoHash.encode(57.64911, 10.40744, 55));
        assertEquals(code >>> 9, GeoHash.fromBase32("u4pruydqqvj"));
        assertEquals(0xC000000000000000L, GeoHash.encode(0, 0));
        assertEquals(-1L, GeoHash.encode(90, 180));
        assertEquals(0L, GeoHash.encode(-90, -180));
    }

    @Test
    void decodesTheCellOfAGeohash() {
        assertEquals(new LatLonBox(42.5830078125, -5.625, 42.626953125, -5.5810546875), GeoHash.bounds("ezs42"));
        assertEquals(LatLon.of(42.60498046875, -5.60302734375), GeoHash.decode("ezs42"));
        assertEquals(new LatLonBox(0, 0, 45, 45), GeoHash.bounds("s"));
    }

    @Test
    void neighboursOfAKnownCell() {
        assertEquals(List.of("ezs48", "ezs49", "ezs43", "ezs41", "ezs40", "ezefp", "ezefr", "ezefx"),
                GeoHash.neighbours("ezs42"));
        assertEquals(Optional.of("ezs48"), GeoHash.neighbour("ezs42", Compass.NORTH));
        assertEquals(Optional.of("ezefp"), GeoHash.neighbour("ezs42", Compass.SOUTH_WEST));
    }

    @Test
    void neighboursWrapAcrossTheAntimeridianAndStopAtThePoles() {
        assertEquals(Optional.of("z"), GeoHash.neighbour("b", Compass.WEST));
        assertEquals(180.0, GeoHash.bounds("z").east());
        assertEquals(Optional.empty(), GeoHash.neighbour("b", Compass.NORTH));
        assertEquals(List.of("c", "9", "8", "x", "z"), GeoHash.neighbours("b"));
        assertEquals(5, GeoHash.neighbours("zzzzzzzzzzzz").size());
        assertEquals(Optional.empty(), GeoHash.neighbour("000000000000", Compass.SOUTH));
        assertEquals(Optional.of("pbpbpbpbpbpb"), GeoHash.neighbour("000000000000", Compass.WEST));
    }

    @Test
    void cellsOfAnyBitCount() {
        GeoCell world = new GeoCell(0, 0);
        assertEquals(new LatLonBox(-90, -180, 90, 180), world.bounds());
        assertEquals(List.of(), world.neighbours());
        assertEquals(new LatLonBox(-90, 0, 90, 180), new GeoCell(1, 1).bounds());
        assertEquals(List.of(new GeoCell(0, 1)), new GeoCell(1, 1).neighbours());
        GeoCell full = GeoCell.of(12.5, -7.25, 64);
        assertEquals(GeoHash.encode(12.5, -7.25), full.first());
        assertEquals(full.first(), full.last());
        assertTrue(full.contains(12.5, -7.25));
        assertFalse(full.contains(12.5, -7.2500001));
        assertEquals(GeoCell.of(12.5, -7.25, 63), full.parent());
        assertEquals("u4pru", GeoCell.parse("u4pru").toBase32());
        assertEquals("GeoCell[7 bits: 0x60]", GeoCell.of(1, 1, 7).toString());
        assertEquals("GeoCell[u4pru]", GeoCell.parse("u4pru").toString());
    }

    @Test
    void rejectsBadInputNamingTheValue() {
        rejects(() -> GeoHash.encode(Double.NaN, 0), "latitude", "NaN");
        rejects(() -> GeoHash.encode(0, Double.POSITIVE_INFINITY), "longitude", "Infinity");
        rejects(() -> GeoHash.encode(90.0001, 0), "90.0001");
        rejects(() -> GeoHash.encode(0, -180.5), "-180.5");
        rejects(() -> GeoHash.toBase32(0, 0, 13), "geohash length", "13");
        rejects(() -> GeoHash.toBase32(0, 0, 0), "got 0");
        rejects(() -> GeoHash.encode(0, 0, 65), "65");
        rejects(() -> GeoHash.fromBase32("u4pa"), "'a' at index 3");
        rejects(() -> GeoHash.fromBase32(""), "got 0");
        rejects(() -> GeoHash.fromBase32("0123456789bcd"), "got 13");
        rejects(() -> GeoHash.toBase32(32, 5), "more than 5 bits");
        rejects(() -> GeoHash.toBase32(1, 7), "got 7 bits");
        rejects(() -> new GeoCell(4, 2), "more than 2 bits");
        rejects(() -> new GeoCell(0, 65), "65");
        rejects(() -> new GeoCell(0, 0).parent(), "no parent");
        rejects(() -> new GeoCell(0, 7).toBase32(), "7 bits");
    }

    @Test
    void pointsBoxesAndCirclesNameEveryBadValue() {
        rejects(() -> LatLon.of(Double.NaN, 200), "latitude", "NaN", "longitude", "200");
        rejects(() -> LatLonBox.of(10, 0, 5, 1), "south 10.0 lies north of north 5.0");
        rejects(() -> LatLonBox.of(-91, 0, 5, Double.NEGATIVE_INFINITY), "south", "-91", "east", "-Infinity");
        rejects(() -> Circle.of(0, 0, -1), "radius", "-1");
        rejects(() -> Circle.of(Double.NaN, 0, Double.NaN), "latitude must", "radius must");
        rejects(() -> new Circle(LatLon.of(0, 0), Double.POSITIVE_INFINITY), "Infinity");
        rejects(() -> new CoverOptions(0, 61, 60), "maxRanges", "partitionBits");
        rejects(() -> Circle.of(0, 0, 1).contains(91, 0), "91");
    }

    @Test
    void boxesTreatBothEndsOfTheAntimeridianAsOneMeridian() {
        LatLonBox east = LatLonBox.of(-10, 170, 10, 180);
        assertTrue(east.contains(0, -180));
        assertFalse(east.contains(0, -179.9));
        LatLonBox across = LatLonBox.of(-10, 170, 10, -170);
        assertTrue(across.crossesAntimeridian());
        assertEquals(20.0, across.widthDegrees());
        assertTrue(across.contains(0, 175));
        assertTrue(across.contains(0, -175));
        assertFalse(across.contains(0, 0));
        assertEquals(LatLon.of(0, 180), across.centre());
        assertTrue(LatLonBox.of(0, -180, 0, -180).contains(0, 180));
        assertEquals(0.0, LatLon.of(0, 180).distanceTo(LatLon.of(0, -180)));
    }

    @Test
    void haversineDistances() {
        double quarter = Math.PI / 2 * LatLon.EARTH_RADIUS_METERS;
        assertEquals(quarter, LatLon.of(0, 0).distanceTo(LatLon.of(0, 90)), 1e-6);
        assertEquals(2 * quarter, LatLon.of(90, 0).distanceTo(LatLon.of(-90, 77)), 1e-6);
        double london = LatLon.distanceMeters(51.5007, -0.1246, 40.6892, -74.0445);
        assertTrue(london > 5_574_000 && london < 5_576_000, () -> "London to New York: " + london);
    }
}
