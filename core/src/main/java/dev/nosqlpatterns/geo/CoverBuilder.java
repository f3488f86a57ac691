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

    /** Aligned cells as parallel primitive arrays: no boxing, few allocations. */
    private static final class Cells {
        long[] first = new long[64];
        byte[] bits = new byte[64];
        double[] weight = new double[64];
        int size;

        void add(long cellFirst, int cellBits, double cellWeight) {
            if (size == first.length) {
                first = Arrays.copyOf(first, size * 2);
                bits = Arrays.copyOf(bits, size * 2);
                weight = Arrays.copyOf(weight, size * 2);
            }
            first[size] = cellFirst;
            bits[size] = (byte) cellBits;
            weight[size] = cellWeight;
            size++;
        }

        /** As a max-heap on weight: adds and sifts up. */
        void push(long cellFirst, int cellBits, double cellWeight) {
            add(cellFirst, cellBits, cellWeight);
            int i = size - 1;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (weight[parent] >= weight[i]) {
                    break;
                }
                swap(i, parent);
                i = parent;
            }
        }

        /** As a max-heap on weight: moves the heaviest to the end and returns its index (size shrinks by one). */
        int pop() {
            int last = --size;
            swap(0, last);
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    break;
                }
                int r = l + 1;
                int big = r < size && weight[r] > weight[l] ? r : l;
                if (weight[i] >= weight[big]) {
                    break;
                }
                swap(i, big);
                i = big;
            }
            return last;
        }

        void swap(int a, int b) {
            long f = first[a];
            first[a] = first[b];
            first[b] = f;
            byte t = bits[a];
            bits[a] = bits[b];
            bits[b] = t;
            double w = weight[a];
            weight[a] = weight[b];
            weight[b] = w;
        }

        /** Sorts by code, unsigned. */
        void sortByCode() {
            sort(0, size - 1);
        }

        private void sort(int lo, int hi) {
            while (hi - lo > 16) {
                long pivot = first[(lo + hi) >>> 1];
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (Long.compareUnsigned(first[i], pivot) < 0) {
                        i++;
                    }
                    while (Long.compareUnsigned(first[j], pivot) > 0) {
                        j--;
                    }
                    if (i <= j) {
                        swap(i++, j--);
                    }
                }
                if (j - lo < hi - i) {
                    sort(lo, j);
                    lo = i;
                } else {
                    sort(i, hi);
                    hi = j;
                }
            }
            for (int i = lo + 1; i <= hi; i++) {
                for (int j = i; j > lo && Long.compareUnsigned(first[j - 1], first[j]) > 0; j--) {
                    swap(j, j - 1);
                }
            }
        }
    }

    private CoverBuilder() {
    }

    static List<CodeRange> cover(Shape shape, CoverOptions options) {
        Cells cells = refine(shape, options.maxBits());
        if (cells.size == 0) {
            return List.of();
        }
        List<long[]> runs = join(cells, options.partitionBits());
        return merge(shape, runs, options);
    }

    private static Cells refine(Shape shape, int maxBits) {
        Cells done = new Cells();
        int relation = shape.relate(0, Axis.LAST, 0, Axis.LAST);
        if (relation == Shape.OUTSIDE) {
            return done;
        }
        if (relation == Shape.INSIDE) {
            done.add(0, 0, weight(shape, 0, -1L));
            return done;
        }
        double small = shape.weight() / REFINE;
        Cells edge = new Cells();
        edge.push(0, 0, weight(shape, 0, -1L));
        int count = 1;
        while (edge.size > 0) {
            int c = edge.pop();
            long cFirst = edge.first[c];
            int cBits = edge.bits[c];
            double cWeight = edge.weight[c];
            if (cBits >= maxBits || cWeight <= small || count >= MAX_CELLS) {
                done.add(cFirst, cBits, cWeight);
                continue;
            }
            count--;
            for (long half = 0; half < 2; half++) {
                long first = cFirst | (half << (63 - cBits));
                long last = first | Morton.lowMask(cBits + 1);
                int r = relate(shape, first, last);
                if (r == Shape.OUTSIDE) {
                    continue;
                }
                double w = weight(shape, first, last);
                count++;
                if (r == Shape.INSIDE) {
                    done.add(first, cBits + 1, w);
                } else {
                    edge.push(first, cBits + 1, w);
                }
            }
        }
        return done;
    }

    private static int relate(Shape shape, long first, long last) {
        return shape.relate(Morton.x(first) & 0xFFFFFFFFL, Morton.x(last) & 0xFFFFFFFFL,
                Morton.y(first) & 0xFFFFFFFFL, Morton.y(last) & 0xFFFFFFFFL);
    }

    private static double weight(Shape shape, long first, long last) {
        return shape.weight(Morton.x(first) & 0xFFFFFFFFL, Morton.x(last) & 0xFFFFFFFFL,
                Morton.y(first) & 0xFFFFFFFFL, Morton.y(last) & 0xFFFFFFFFL);
    }

    /** Sorted runs {first, last} of adjacent cells, split where a partition ends. */
    private static List<long[]> join(Cells cells, int partitionBits) {
        cells.sortByCode();
        List<long[]> runs = new ArrayList<>();
        long partitionSize = partitionBits == 0 ? 0 : 1L << (64 - partitionBits);
        for (int c = 0; c < cells.size; c++) {
            long first = cells.first[c];
            int bits = cells.bits[c];
            if (partitionBits == 0 || bits >= partitionBits) {
                append(runs, first, first | Morton.lowMask(bits), partitionBits);
                continue;
            }
            long pieces = 1L << (partitionBits - bits);
            for (long i = 0; i < pieces; i++) {
                long pieceFirst = first + i * partitionSize;
                append(runs, pieceFirst, pieceFirst + partitionSize - 1, partitionBits);
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
