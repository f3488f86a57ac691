package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.LatLon;
import org.junit.jupiter.api.Test;

class GeoFamilyTest {
    @Test
    void neighbourCellsAreAtLeastTheRadius() {
        assertEquals(7, GeoFamily.NeighbourCells.length(100, 48.9));
        assertEquals(3, GeoFamily.NeighbourCells.length(50_000, 48.9));
        for (double radius : GeoFamily.RADII) {
            int chars = GeoFamily.NeighbourCells.length(radius, 48.9);
            var bounds = GeoHash.bounds(GeoHash.toBase32(48.9, 2.3, chars));
            double height = LatLon.distanceMeters(bounds.south(), 2.3, bounds.north(), 2.3);
            double width = LatLon.distanceMeters(48.9, bounds.west(), 48.9, bounds.east());
            assertTrue(height >= radius * 0.99 && width >= radius * 0.99, radius + " m: " + width + " × " + height);
            if (chars < GeoHash.MAX_CHARS) {
                var finer = GeoHash.bounds(GeoHash.toBase32(48.9, 2.3, chars + 1));
                double finerWidth = LatLon.distanceMeters(48.9, finer.west(), 48.9, finer.east());
                double finerHeight = LatLon.distanceMeters(finer.south(), 2.3, finer.north(), 2.3);
                assertTrue(finerWidth < radius || finerHeight < radius, "the longest such length");
            }
        }
    }
}
