package dev.nosqlpatterns.tree;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Left and right numbers for nested sets. A run of nodes in pre-order (given by their depths) opens and
 * closes 2k times; the events are spread evenly over a gap, so every node keeps free numbers inside and
 * around it for later children and siblings.
 */
final class Numbering {
    /** Where a run goes in its gap: near the start (later appends follow it), near the end, or mid-way. */
    enum Where { START, END, MIDDLE }

    private Numbering() {
    }

    /**
     * Numbers for a run placed in the open gap {@code (low, high)}: a slice of the gap chosen by
     * {@code where}, or the whole gap when the slice is too narrow. Null when even the gap is too narrow.
     *
     * @return {@code [i][0]} the left and {@code [i][1]} the right number of the i-th node of the run
     */
    static long[][] place(int[] depths, long low, long high, Where where) {
        long width = high - low;
        long[][] numbers = switch (where) {
            case START -> spread(depths, low, low + width / 8);
            case END -> spread(depths, high - width / 8, high);
            case MIDDLE -> spread(depths, low + width / 3, high - width / 3);
        };
        return numbers != null ? numbers : spread(depths, low, high);
    }

    /**
     * Spreads the events of a pre-order run evenly strictly inside {@code (low, high)}; null when the gap
     * holds fewer than 2k + 1 steps. {@code depths} are relative; the first node must be at the smallest.
     */
    static long[][] spread(int[] depths, long low, long high) {
        int k = depths.length;
        long step = (high - low) / (2L * k + 1);
        if (k == 0 || step < 1) {
            return k == 0 ? new long[0][] : null;
        }
        long[][] out = new long[k][2];
        Deque<Integer> open = new ArrayDeque<>();
        long event = 0;
        for (int i = 0; i < k; i++) {
            while (!open.isEmpty() && depths[open.peek()] >= depths[i]) {
                out[open.pop()][1] = low + ++event * step;
            }
            out[i][0] = low + ++event * step;
            open.push(i);
        }
        while (!open.isEmpty()) {
            out[open.pop()][1] = low + ++event * step;
        }
        return out;
    }
}
