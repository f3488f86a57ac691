package dev.nosqlpatterns.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/** Spread numbers nest exactly like the run they number, inside the gap, with room to spare. */
class NumberingProperties {

    /** A random pre-order run: each node at most one level below the one before, none above the first. */
    private static int[] run(Random random, int size) {
        int[] depths = new int[size];
        for (int i = 1; i < size; i++) {
            depths[i] = 1 + random.nextInt(depths[i - 1] + 1);
        }
        return depths;
    }

    @Property(tries = 500)
    void spreadNumbersNestLikeTheRun(@ForAll long seed, @ForAll @LongRange(min = 0, max = 1L << 40) long low) {
        Random random = new Random(seed);
        int[] depths = run(random, 1 + random.nextInt(40));
        long high = low + 2L * depths.length + 1 + random.nextInt(1_000_000);
        long[][] n = Numbering.spread(depths, low, high);
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < depths.length; i++) {
            assertTrue(low < n[i][0] && n[i][0] < n[i][1] && n[i][1] < high, "inside the gap");
            while (!open.isEmpty() && depths[open.peek()] >= depths[i]) {
                int closed = open.pop();
                assertTrue(n[closed][1] < n[i][0], "a closed node ends before the next starts");
            }
            if (!open.isEmpty()) {
                int parent = open.peek();
                assertEquals(depths[parent] + 1, depths[i]);
                assertTrue(n[parent][0] < n[i][0] && n[i][1] < n[parent][1], "a child lies in its parent");
            }
            open.push(i);
        }
    }

    @Example
    void aGapTooNarrowGivesNothing() {
        assertNull(Numbering.spread(new int[] {0, 1}, 0, 4));
        long[][] fits = Numbering.spread(new int[] {0, 1}, 0, 5);
        assertEquals(1, fits[0][0]);
        assertEquals(2, fits[1][0]);
        assertEquals(3, fits[1][1]);
        assertEquals(4, fits[0][1]);
        assertNull(Numbering.place(new int[] {0}, 10, 12, Numbering.Where.MIDDLE));
    }

    @Example
    void placementPrefersTheEndsForAppendsAndPrepends() {
        long[][] append = Numbering.place(new int[] {0}, 0, 8_000, Numbering.Where.START);
        long[][] prepend = Numbering.place(new int[] {0}, 0, 8_000, Numbering.Where.END);
        long[][] middle = Numbering.place(new int[] {0}, 0, 9_000, Numbering.Where.MIDDLE);
        assertTrue(append[0][1] <= 1_000, "an append leaves most of the gap after it");
        assertTrue(prepend[0][0] >= 7_000, "a prepend leaves most of the gap before it");
        assertTrue(middle[0][0] >= 3_000 && middle[0][1] <= 6_000, "a middle insert splits the gap");
        long[][] wide = Numbering.place(new int[] {0, 1, 1, 1, 1, 1}, 0, 40, Numbering.Where.START);
        assertTrue(wide != null && wide[0][1] > 5, "too many for the slice: the whole gap is used");
    }
}
