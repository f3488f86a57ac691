package dev.nosqlpatterns.geo;

import java.util.List;

/**
 * Covers a shape with a few runs of Morton codes, for any two-dimensional grid.
 *
 * <p>Refine, then cut ({@link CoverRefinement}). The shape's items are kept in code order: runs of codes
 * kept whole (cells inside the shape) and edge cells (which the shape's edge crosses), each with the
 * weight of the outside codes between it and the item before it, its gap. Descend first: while the shape
 * lies in one half of its only cell, that half replaces it. Then refine in rounds, each splitting every
 * edge cell heavier than the shape's weight / {@value CoverRefinement#REFINE} that could still change the
 * cut cover: one at either end, next to a partition end, or one that, with half its own weight and half
 * its neighbouring edge cell's, could hold or lengthen a gap past the smallest gap the range budget would
 * leave open if the cover were cut now. Such a cell is split by one bit, and its halves still on the edge
 * and heavier than that by one more. Halves outside the shape join the gap, halves inside become runs.
 * Refinement stops when no edge cell is worth splitting, so a cover costs a few
 * hundred cell tests rather than thousands. Cut: join adjacent items into runs, split them at partition
 * ends, then close the lightest gaps inside partitions until at most {@code maxRanges} runs remain;
 * closing the k lightest gaps is the least extra weight any k merges of these runs can cost. Every cell
 * the shape touches is kept, so no point of the shape is missed.
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

        /**
         * The weight (area) of the cell: additive, a cell weighs what its two halves weigh together, and
         * proportional to the cell's width within a band of rows, so the halves of a split across x weigh
         * the same (the refinement halves such a cell's weight without asking).
         */
        double weight(long x0, long x1, long y0, long y1);

        /** The weight of the shape itself. */
        double weight();

        /**
         * The index ranges {@code {x0, x1, y0, y1}} of a box of cells holding every point of the shape, or
         * null when there is none cheaper than the whole grid (a shape across the antimeridian or a pole).
         */
        default long[] enclosingBox() {
            return null;
        }
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
