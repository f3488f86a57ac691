package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenRangesTest {
    @Test
    void segmentsAreContiguousAndCoverTheRing() {
        for (int total : new int[] {1, 2, 3, 7, 64, 1000}) {
            long previousUpper = Long.MIN_VALUE;
            for (int i = 0; i < total; i++) {
                long[] r = TokenRanges.murmur3(i, total);
                assertEquals(previousUpper, r[0], "segment " + i + " of " + total + " starts where the last ended");
                assertTrue(r[0] < r[1], "segment " + i + " of " + total + " is not empty");
                previousUpper = r[1];
            }
            assertEquals(Long.MAX_VALUE, previousUpper, "the last of " + total + " segments ends at the maximum");
        }
    }

    @Test
    void segmentsAreAboutEqual() {
        long[] a = TokenRanges.murmur3(0, 4);
        long[] b = TokenRanges.murmur3(3, 4);
        assertEquals((double) (a[1] - a[0]), (double) (b[1] - b[0]), 4.0);
    }

    @Test
    void badSegmentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TokenRanges.murmur3(2, 2));
        assertThrows(IllegalArgumentException.class, () -> TokenRanges.murmur3(-1, 2));
    }
}
