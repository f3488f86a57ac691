package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

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
    /** Edge cells are refined until lighter than the shape's weight over this. */
    static final double REFINE = 256.0;
    /** The most cells the refinement step keeps. */
    static final int MAX_CELLS = 1024;

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

    private record Cell(long first, int bits, double weight) {
        long last() {
            return first | Morton.lowMask(bits);
        }
    }

    private CoverBuilder() {
    }

    static List<CodeRange> cover(Shape shape, CoverOptions options) {
        List<Cell> cells = refine(shape, options.maxBits());
        if (cells.isEmpty()) {
            return List.of();
        }
        List<long[]> runs = join(cells, options.partitionBits());
        return merge(shape, runs, options);
    }

    private static List<Cell> refine(Shape shape, int maxBits) {
        List<Cell> done = new ArrayList<>();
        Cell root = cell(shape, 0, 0);
        int relation = shape.relate(0, Axis.LAST, 0, Axis.LAST);
        if (relation == Shape.OUTSIDE) {
            return done;
        }
        if (relation == Shape.INSIDE) {
            done.add(root);
            return done;
        }
        double small = shape.weight() / REFINE;
        PriorityQueue<Cell> edge = new PriorityQueue<>((a, b) -> Double.compare(b.weight, a.weight));
        edge.add(root);
        int count = 1;
        while (!edge.isEmpty()) {
            Cell c = edge.poll();
            if (c.bits >= maxBits || c.weight <= small || count >= MAX_CELLS) {
                done.add(c);
                continue;
            }
            count--;
            for (long half = 0; half < 2; half++) {
                long first = c.first | (half << (63 - c.bits));
                long last = first | Morton.lowMask(c.bits + 1);
                int r = relate(shape, first, last);
                if (r == Shape.OUTSIDE) {
                    continue;
                }
                Cell child = cell(shape, first, c.bits + 1);
                count++;
                if (r == Shape.INSIDE) {
                    done.add(child);
                } else {
                    edge.add(child);
                }
            }
        }
        return done;
    }

    private static int relate(Shape shape, long first, long last) {
        return shape.relate(Morton.x(first) & 0xFFFFFFFFL, Morton.x(last) & 0xFFFFFFFFL,
                Morton.y(first) & 0xFFFFFFFFL, Morton.y(last) & 0xFFFFFFFFL);
    }

    private static Cell cell(Shape shape, long first, int bits) {
        return new Cell(first, bits, weight(shape, first, first | Morton.lowMask(bits)));
    }

    private static double weight(Shape shape, long first, long last) {
        return shape.weight(Morton.x(first) & 0xFFFFFFFFL, Morton.x(last) & 0xFFFFFFFFL,
                Morton.y(first) & 0xFFFFFFFFL, Morton.y(last) & 0xFFFFFFFFL);
    }

    /** Sorted runs {first, last} of adjacent cells, split where a partition ends. */
    private static List<long[]> join(List<Cell> cells, int partitionBits) {
        Cell[] sorted = cells.toArray(new Cell[0]);
        Arrays.sort(sorted, (a, b) -> Long.compareUnsigned(a.first, b.first));
        List<long[]> runs = new ArrayList<>();
        long partitionSize = partitionBits == 0 ? 0 : 1L << (64 - partitionBits);
        for (Cell c : sorted) {
            if (partitionBits == 0 || c.bits >= partitionBits) {
                append(runs, c.first, c.last(), partitionBits);
                continue;
            }
            long pieces = 1L << (partitionBits - c.bits);
            for (long i = 0; i < pieces; i++) {
                long first = c.first + i * partitionSize;
                append(runs, first, first + partitionSize - 1, partitionBits);
            }
        }
        return runs;
    }

    private static void append(List<long[]> runs, long first, long last, int partitionBits) {
        if (!runs.isEmpty()) {
            long[] previous = runs.get(runs.size() - 1);
            if (previous[1] + 1 == first && previous[1] != -1L
                    && partition(previous[0], partitionBits) == partition(first, partitionBits)) {
                previous[1] = last;
                return;
            }
        }
        runs.add(new long[] {first, last});
    }

    static long partition(long code, int partitionBits) {
        return partitionBits == 0 ? 0 : code >>> (64 - partitionBits);
    }

    private static List<CodeRange> merge(Shape shape, List<long[]> runs, CoverOptions options) {
        int excess = runs.size() - options.maxRanges();
        boolean[] closed = new boolean[runs.size()];
        if (excess > 0) {
            List<double[]> gaps = new ArrayList<>();
            for (int i = 0; i + 1 < runs.size(); i++) {
                long[] a = runs.get(i);
                long[] b = runs.get(i + 1);
                if (partition(a[0], options.partitionBits()) == partition(b[0], options.partitionBits())) {
                    gaps.add(new double[] {rangeWeight(shape, a[1] + 1, b[0] - 1), i});
                }
            }
            gaps.sort((g, h) -> Double.compare(g[0], h[0]));
            for (int k = 0; k < Math.min(excess, gaps.size()); k++) {
                closed[(int) gaps.get(k)[1]] = true;
            }
        }
        List<CodeRange> out = new ArrayList<>(Math.min(runs.size(), options.maxRanges()));
        long start = runs.get(0)[0];
        for (int i = 0; i < runs.size(); i++) {
            if (!closed[i]) {
                out.add(new CodeRange(start, runs.get(i)[1]));
                if (i + 1 < runs.size()) {
                    start = runs.get(i + 1)[0];
                }
            }
        }
        return List.copyOf(out);
    }

    /** The weight of the codes {@code from..to}, as the sum over the aligned cells they fall into. */
    static double rangeWeight(Shape shape, long from, long to) {
        double[] sum = {0};
        forEachCell(from, to, (first, bits) -> sum[0] += weight(shape, first, first | Morton.lowMask(bits)));
        return sum[0];
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
