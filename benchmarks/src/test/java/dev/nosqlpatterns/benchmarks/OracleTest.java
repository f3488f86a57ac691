package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The in-memory models the families check answers against. */
class OracleTest {
    @Test
    void descendantsOfATernaryTree() {
        assertEquals(List.of("n0", "n1", "n2", "n3"), TreeFamily.descendants(0, 4));
        assertEquals(List.of("n1", "n4", "n5", "n6", "n13", "n14"), TreeFamily.descendants(1, 15));
        assertEquals(List.of("n13"), TreeFamily.descendants(13, 15));
        assertEquals(150, TreeFamily.descendants(0, 150).size());
    }

    @Test
    void eventTimesAreDistinctAndInsideTheSpan() {
        Set<Instant> seen = new HashSet<>();
        Instant end = TimeRangeFamily.START.plus(TimeRangeFamily.SPAN);
        for (int i = 0; i < 1000; i++) {
            Instant at = TimeRangeFamily.at(i, 1000);
            assertTrue(seen.add(at), "distinct");
            assertTrue(!at.isBefore(TimeRangeFamily.START) && at.isBefore(end), at.toString());
        }
        Instant[] w = TimeRangeFamily.window(19);
        assertTrue(w[1].isBefore(end), "the last window ends inside the span");
    }

    @Test
    void bulkLoadItemsMatchTheirSortKeys() {
        assertEquals(BulkLoadFamily.ITEMS_PER_LOAD, BulkLoadFamily.items("p").size());
        assertEquals(BulkLoadFamily.sortKeys(), BulkLoadFamily.items("p").stream().map(i -> i.key().sort()).toList());
    }
}
