package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the geohash cover reads against S2's RegionCoverer on the comparison's shapes (exact areas, no
 * timing: the times are the pattern runner's and JMH's): at 8 ranges a circle's cover reads at most 1.5
 * times its area on average and 1.8 times at the 99th percentile, below S2's 8 cells; and neither misses a
 * point of a shape.
 */
class CoverComparisonTest {
    @Test
    void theGeohashCoverReadsLessThanS2() {
        for (String kind : List.of("circle", "box")) {
            List<CoverComparison.Shape> shapes = CoverComparison.shapes(kind);
            assertEquals(4_800, shapes.size());
            CoverComparison.Spread[] reads = CoverComparison.amplifications(shapes);
            System.out.printf("%s: geohash cover mean %.3f p99 %.3f, S2 mean %.3f p99 %.3f%n", kind, reads[0].mean(),
                    reads[0].p99(), reads[1].mean(), reads[1].p99());
            assertTrue(reads[0].mean() >= 1 && reads[0].mean() <= 1.5, kind + " mean " + reads[0].mean());
            assertTrue(reads[0].p99() <= (kind.equals("circle") ? 1.8 : 2.1), kind + " p99 " + reads[0].p99());
            assertTrue(reads[1].mean() > reads[0].mean() && reads[1].p99() > reads[0].p99(), kind + ": S2 reads more");
            for (int i = 0; i < shapes.size(); i += 7) {
                assertEquals(List.of(), shapes.get(i).missedByGeohash(), kind + " " + i);
                assertEquals(List.of(), shapes.get(i).missedByS2(), kind + " " + i);
            }
        }
    }

    @Test
    void theGeoFamilyCoversOnTheMemoryStoreOnly() {
        try (Store store = Store.of(new MemoryBackend())) {
            List<Family.Candidate> covers = GeoFamily.coverCandidates(store, CoverComparison.CENTRES);
            assertEquals(4, covers.size());
            assertTrue(covers.get(0).workload().contains("reads ×1.4"), covers.get(0).workload());
            CellSpec spec = covers.get(1).setUp().get();
            Harness.Measured m = new Harness(1).measure(store, spec);
            assertTrue(m.stats().p50Micros() > 0);
        }
    }
}
