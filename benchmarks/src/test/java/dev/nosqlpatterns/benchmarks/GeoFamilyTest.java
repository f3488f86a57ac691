package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The geo family's layouts, its data sets and oracle, and read amplification per point inside the shape. */
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

    @Test
    void theOracleAgreesWithBruteForceAndTheSquareGrowsWithTheCount() {
        GeoPoints data = GeoPoints.full(100_000);
        assertEquals(100_000, data.points().size());
        assertEquals(2.0, GeoPoints.side(100_000), 1e-9);
        assertEquals(2.0 * Math.sqrt(10), GeoPoints.side(1_000_000), 1e-9);
        for (int i = 0; i < GeoPoints.CENTRES; i++) {
            LatLon centre = data.centre(i);
            assertTrue(data.points().containsValue(centre), "full-mode centres are data points");
            for (double radius : GeoFamily.RADII) {
                Circle circle = new Circle(centre, radius);
                List<String> brute = data.points().entrySet().stream().filter(e -> circle.contains(e.getValue()))
                        .map(Map.Entry::getKey).sorted().toList();
                assertEquals(brute, data.inside(circle).stream().map(Map.Entry::getKey).sorted().toList(), radius + " m");
                assertTrue(!brute.isEmpty() && brute.size() < 40_000, radius + " m: " + brute.size() + " inside");
            }
            LatLonBox box = LatLonBox.of(centre.latitude() - 0.05, centre.longitude() - 0.05,
                    centre.latitude() + 0.05, centre.longitude() + 0.05);
            assertEquals(data.points().values().stream().filter(box::contains).count(), data.inside(box).size());
        }
        assertEquals(GeoPoints.quick(2_000).points(), GeoPoints.quick(2_000).points(), "the same points every run");
    }

    @Test
    void readAmplificationIsPerPointInsideTheShape() {
        try (Store store = Store.of(new MemoryBackend())) {
            List<Family.Candidate> candidates = new GeoFamily().candidates(store, new Family.Tables("geotest"),
                    Settings.Mode.STANDARD);
            Family.Candidate wide = candidates.stream().filter(c -> c.workload().startsWith("within 50 km")
                    && c.technique().equals("geohash cover")).findFirst().orElseThrow();
            CellSpec spec = wide.setUp().get();
            Harness.Measured m = new Harness(1).measure(store, spec);
            double amplification = m.costs().readAmplification();
            // 50 km around each centre holds most of the 2,000 points: the cover reads at most twice those inside
            assertTrue(amplification >= 1 && amplification <= 2, "items read ÷ inside: " + amplification);
            long inside = spec.matched().applyAsLong(0);
            assertTrue(inside > 500, "inside: " + inside);
            assertTrue(candidates.stream().anyMatch(c -> c.technique().equals("native geo") && c.skipReason().isPresent()),
                    "memory has no native geo");
        }
    }

    @Test
    void onlyTheCellsMeasuredAsTooSlowAreSkippedOnEmbeddedStores() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("NOSQLPATTERNS_DYNAMODB_URI") == null
                && System.getenv("NOSQLPATTERNS_MONGODB_URI") == null, "embedded stores");
        assertEquals(GeoFamily.DYNAMODB_LOCAL_MILLION, GeoFamily.tooSlow("dynamodb", 1_000_000, 100));
        assertEquals(null, GeoFamily.tooSlow("dynamodb", 100_000, 50_000));
        assertEquals(null, GeoFamily.tooSlow("mongodb", 100_000, 10_000));
        assertEquals(null, GeoFamily.tooSlow("mongodb", 2_000, 50_000));
        assertEquals(GeoFamily.EMBEDDED_MONGODB, GeoFamily.tooSlow("mongodb", 100_000, 50_000));
        assertEquals(GeoFamily.EMBEDDED_MONGODB, GeoFamily.tooSlow("mongodb", 1_000_000, 0));
        for (String kind : List.of("memory", "redis", "lucene", "cassandra")) {
            assertEquals(null, GeoFamily.tooSlow(kind, 1_000_000, 50_000), kind);
        }
    }

    @Test
    void polygonAndNearestCellsAgreeWithTheirOraclesAndReadLittle() {
        try (Store store = Store.of(new MemoryBackend())) {
            List<Family.Candidate> candidates = new GeoFamily().candidates(store, new Family.Tables("geopoly"),
                    Settings.Mode.STANDARD);
            for (String workload : List.of("polygon", GeoFamily.NEAREST_K + " nearest")) {
                Family.Candidate cell = candidates.stream().filter(c -> c.workload().startsWith(workload)
                        && c.technique().equals("geohash cover")).findFirst().orElseThrow();
                CellSpec spec = cell.setUp().get();
                Harness.Measured m = new Harness(1).measure(store, spec);
                double amplification = m.costs().readAmplification();
                assertTrue(amplification >= 1 && amplification <= 12, workload + ": items read ÷ matched " + amplification);
                assertTrue(spec.matched().applyAsLong(0) > 0, workload);
            }
        }
    }
}
