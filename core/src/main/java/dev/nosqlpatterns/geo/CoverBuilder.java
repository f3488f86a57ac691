package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Covers a shape with a few runs of Morton codes, for any two-dimensional grid.
 *
 * <p>Three steps. Refine: starting from the whole grid, split the cell with the largest weight that the
 * shape's edge crosses, one bit at a time, dropping halves outside the shape and keeping halves inside
 * it whole, until such cells are small next to the shape (or at the finest precision, or too many).
 * Join: sort the cells by code and join neighbours in the same partition into runs. Merge: while there
 * are more runs than wanted, close the gaps between runs of one partition, the lightest gaps first;
 * closing the k lightest gaps is the least extra weight any k merges of these runs can cost. Every
 * cell the shape touches is kept, so no point of the shape is missed.
 */
final class CoverBuilder {
    /** A shape on a grid of 2^32 x 2^32 cells, told apart from cells by their index ranges. */
    interface Shape {
        int OUTSIDE = 0;
        int PARTIAL = 1;
        int INSIDE = 2;

        /**
         * How the closed cell of x indices {@code x0..x1} and y indices {@code y0..y1} lies to the shape.
         * OUTSIDE only when no point of the shape is in the closed cell; INSIDE may be approximate.
         */
        int relate(long x0, long x1, long y0, long y1);

        /** The weight (area) of the cell. */
        double weight(long x0, long x1, long y0, long y1);

        /** The weight of the shape itself. */
        double weight();
    }

    private CoverBuilder() {
    }

    static List<CodeRange> cover(Shape shape, CoverOptions options) {
        return new CoverRefinement(shape, options).ranges();
    }

    static long partition(long code, int partitionBits) {
        return partitionBits == 0 ? 0 : code >>> (64 - partitionBits);
    }

    /** Receives one aligned cell of a range. */
    interface CellSink {
        void accept(long first, int bits);
    }

    /** Cuts the codes {@code from..to} into the fewest aligned cells, in order. */
    static void forEachCell(long from, long to, CellSink sink) {
        long a = from;
        while (true) {
            int free = a == 0 ? 64 : Long.numberOfTrailingZeros(a);
            while (free > 0 && Long.compareUnsigned(a + Morton.lowMask(64 - free), to) > 0) {
                free--;
            }
            sink.accept(a, 64 - free);
            long end = a + Morton.lowMask(64 - free);
            if (end == to) {
                return;
            }
            a = end + 1;
        }
    }
}
