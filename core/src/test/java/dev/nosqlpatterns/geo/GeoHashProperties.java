package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The fast codec against the bit-by-bit reference, round trips, cell bounds and neighbours. */
class GeoHashProperties {

    @Provide
    Arbitrary<Double> latitudes() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().between(-90, 90),
                dyadic(-90, 180),
                Arbitraries.of(-90.0, 90.0, 0.0, -0.0, Math.nextDown(0.0), Math.nextUp(0.0), 45.0,
                        Math.nextDown(45.0), Math.nextDown(90.0), Math.nextUp(-90.0)));
    }

    @Provide
    Arbitrary<Double> longitudes() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().between(-180, 180),
                dyadic(-180, 360),
                Arbitraries.of(-180.0, 180.0, 0.0, -0.0, Math.nextDown(0.0), Math.nextUp(0.0), 90.0,
                        Math.nextDown(180.0), Math.nextUp(-180.0)));
    }

    /** Cell edges and their next doubles, where a rounding slip would show. */
    private static Arbitrary<Double> dyadic(double min, double span) {
        return Arbitraries.integers().between(1, 32).flatMap(level -> Arbitraries.longs().between(0, 1L << level)
                .flatMap(k -> {
                    double edge = min + span * k / Math.pow(2, level);
                    return Arbitraries.of(edge, Math.nextUp(edge), Math.nextDown(edge))
                            .filter(v -> v >= min && v <= min + span);
                }));
    }

    @Property(tries = 5000)
    void longCodesMatchTheReferenceBitForBit(@ForAll("latitudes") double lat, @ForAll("longitudes") double lon) {
        assertEquals(ReferenceGeohash.bits(lat, lon, 64), GeoHash.encode(lat, lon),
                () -> "(" + lat + ", " + lon + ")");
    }

    @Property(tries = 5000)
    void stringsMatchTheReference(@ForAll("latitudes") double lat, @ForAll("longitudes") double lon,
                                  @ForAll @IntRange(min = 1, max = 12) int chars) {
        String hash = GeoHash.toBase32(lat, lon, chars);
        assertEquals(ReferenceGeohash.base32(lat, lon, chars), hash);
        assertEquals(hash, GeoHash.toBase32(GeoHash.fromBase32(hash), 5 * chars));
        assertEquals(GeoHash.encode(lat, lon, 5 * chars), GeoHash.fromBase32(hash));
    }

    @Property(tries = 5000)
    void aPointLiesInsideItsCell(@ForAll("latitudes") double lat, @ForAll("longitudes") double lon,
                                 @ForAll @IntRange(min = 0, max = 64) int bits) {
        GeoCell cell = GeoCell.of(lat, lon, bits);
        LatLonBox box = cell.bounds();
        assertTrue(box.south() <= lat && lat <= box.north() && box.west() <= lon && lon <= box.east(),
                () -> cell + " " + box + " does not hold (" + lat + ", " + lon + ")");
        assertTrue(cell.contains(lat, lon));
        LatLon centre = cell.centre();
        assertEquals(cell, GeoCell.of(centre.latitude(), centre.longitude(), bits));
        assertEquals(360.0 / Math.pow(2, cell.longitudeBits()), box.east() - box.west(), 1e-12);
        assertEquals(180.0 / Math.pow(2, cell.latitudeBits()), box.north() - box.south(), 1e-12);
    }

    @Property(tries = 3000)
    void neighboursAgreeWithDecoding(@ForAll("latitudes") double lat, @ForAll("longitudes") double lon,
                                     @ForAll @IntRange(min = 1, max = 60) int bits) {
        GeoCell cell = GeoCell.of(lat, lon, bits);
        LatLonBox box = cell.bounds();
        double width = box.east() - box.west();
        double height = box.north() - box.south();
        LatLon centre = cell.centre();
        for (Compass direction : Compass.values()) {
            Optional<GeoCell> next = cell.neighbour(direction);
            double nextLat = centre.latitude() + direction.rows() * height;
            double nextLon = centre.longitude() + direction.columns() * width;
            if (nextLon > 180) {
                nextLon -= 360;
            } else if (nextLon < -180) {
                nextLon += 360;
            }
            if (nextLat > 90 || nextLat < -90) {
                assertEquals(Optional.empty(), next, () -> cell + " " + direction);
                continue;
            }
            GeoCell expected = GeoCell.of(nextLat, nextLon, bits);
            assertEquals(Optional.of(expected), next, () -> cell + " " + direction);
            if (bits % 5 == 0) {
                assertEquals(Optional.of(expected.toBase32()), GeoHash.neighbour(cell.toBase32(), direction));
            }
        }
    }

    @Property(tries = 3000)
    void mortonRoundTrips(@ForAll int x, @ForAll int y) {
        long code = Morton.interleave(x, y);
        assertEquals(x, Morton.x(code));
        assertEquals(y, Morton.y(code));
        for (int i = 0; i < 32; i++) {
            assertEquals((x >>> i) & 1, (int) (code >>> (2 * i + 1)) & 1);
            assertEquals((y >>> i) & 1, (int) (code >>> (2 * i)) & 1);
        }
    }

    @Property(tries = 3000)
    void mortonCodesOrderLikeEachAxis(@ForAll int x, @ForAll int y, @ForAll int other) {
        int cmp = Integer.compareUnsigned(x, y);
        assertEquals(Integer.signum(cmp), Integer.signum(Long.compareUnsigned(Morton.interleave(x, other),
                Morton.interleave(y, other))));
        assertEquals(Integer.signum(cmp), Integer.signum(Long.compareUnsigned(Morton.interleave(other, x),
                Morton.interleave(other, y))));
    }
}
