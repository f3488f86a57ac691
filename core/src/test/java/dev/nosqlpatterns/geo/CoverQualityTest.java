package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a cover reads: the area its ranges span over the area of the shape, the read amplification on
 * evenly spread points. Pure arithmetic, no timing. The benchmarks measure the same on real stores.
 */
class CoverQualityTest {
    private static final int CIRCLES = 1_000;

    @Test
    void circlesFrom100MetresTo50KilometresReadAtMostTwiceTheirAreaWithEightRanges() {
        for (int partitionBits : new int[] {0, 15}) {
            Random random = new Random(7);
            CoverOptions options = CoverOptions.DEFAULT.withPartitionBits(partitionBits);
            double sum = 0;
            double nineCells = 0;
            for (int i = 0; i < CIRCLES; i++) {
                Circle circle = Circle.of(random.nextDouble() * 120 - 60, random.nextDouble() * 360 - 180,
                        100 * Math.pow(500, random.nextDouble()));
                GeoCover cover = GeoCover.of(circle, options);
                assertTrue(cover.ranges().size() <= 8, () -> circle + ": " + cover.ranges().size() + " ranges");
                sum += cover.areaSquareMeters() / circle.areaSquareMeters();
                nineCells += nineCellArea(circle) / circle.areaSquareMeters();
            }
            double mean = sum / CIRCLES;
            System.out.printf("partition bits %d: mean cover area / circle area %.3f with <= 8 ranges"
                    + " (centre cell and 8 neighbours: %.2f)%n", partitionBits, mean, nineCells / CIRCLES);
            assertTrue(mean <= 2.0, "mean read amplification " + mean);
            assertTrue(nineCells / CIRCLES > 1.5 * mean, "the usual nine cells read more");
        }
    }

    @Test
    void boxesReadLittleMoreThanTheirArea() {
        Random random = new Random(11);
        double sum = 0;
        for (int i = 0; i < CIRCLES; i++) {
            double south = random.nextDouble() * 120 - 60;
            double west = random.nextDouble() * 360 - 180;
            double size = 0.001 * Math.pow(500, random.nextDouble());
            double east = west + size * (0.5 + random.nextDouble());
            LatLonBox box = LatLonBox.of(south, west, south + size, east > 180 ? east - 360 : east);
            GeoCover cover = GeoCover.of(box);
            assertTrue(cover.ranges().size() <= 8);
            sum += cover.areaSquareMeters() / box.areaSquareMeters();
        }
        System.out.printf("boxes: mean cover area / box area %.3f%n", sum / CIRCLES);
        assertTrue(sum / CIRCLES <= 2.0, "mean read amplification " + sum / CIRCLES);
    }

    @Test
    void aPointNeedsOneRange() {
        LatLon centre = GeoCell.of(48.8583, 2.2945, 60).centre();
        GeoCover cover = GeoCover.of(new Circle(centre, 0));
        assertTrue(cover.ranges().size() == 1 && cover.cells().size() == 1, cover::toString);
        assertTrue(cover.cells().get(0).bits() == 60, cover::toString);
        assertTrue(GeoCover.of(LatLonBox.of(-90, -180, 90, 180)).cells().equals(java.util.List.of(new GeoCell(0, 0))));
    }

    /** The area of the cell holding the centre and its neighbours, at the finest precision whose cells span the radius. */
    private static double nineCellArea(Circle circle) {
        double lat = circle.centre().latitude();
        double lon = circle.centre().longitude();
        for (int bits = 60; bits >= 1; bits--) {
            GeoCell cell = GeoCell.of(lat, lon, bits);
            LatLonBox b = cell.bounds();
            double height = Math.toRadians(b.north() - b.south()) * LatLon.EARTH_RADIUS_METERS;
            double width = Math.toRadians(b.east() - b.west()) * LatLon.EARTH_RADIUS_METERS
                    * Math.cos(Math.toRadians(Math.abs(lat) + Math.toDegrees(circle.radiusMeters()
                    / LatLon.EARTH_RADIUS_METERS)));
            if (height >= circle.radiusMeters() && width >= circle.radiusMeters()) {
                double sum = b.areaSquareMeters();
                for (GeoCell n : cell.neighbours()) {
                    sum += n.bounds().areaSquareMeters();
                }
                return sum;
            }
        }
        return 4 * Math.PI * LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS;
    }
}
