package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One cover being built (see {@link CoverBuilder}): the shape's items in code order, each a run of codes
 * the cover keeps whole or an edge cell that may still be split, with the weight of the codes outside the
 * shape between each item and the one before it (the gap). Kept in one array of longs per buffer, rebuilt
 * from one buffer into the other once per round; nothing is boxed, and each thread reuses its buffers.
 */
final class CoverRefinement {
    /**
     * An item at or lighter than the shape's weight over this is not split. A larger value reads less for
     * more work: over circles of 100 m to 50 km around 0, 45 and 70 degrees, covers cut at 96 read 1.48
     * times the circle on average and take about 12% less time than at 128, which read 1.47.
     */
    static final double REFINE = 96.0;
    /** The share of an edge cell taken to lie outside the shape at one of its ends. */
    static final double EDGE_SHARE = 0.5;
    /**
     * The levels a round splits a cell worth splitting by: its edge halves are split at once rather
     * than weighed again next round, which nearly halves the rounds (each rewrites every item) for a
     * tenth more cell tests.
     */
    static final int LEVELS_PER_ROUND = 2;
    /** A round starts only while there are at most this many items. */
    static final int MAX_ITEMS = 2048;
    /** Up to this many values, a selection counts rather than partitions. */
    private static final int SMALL_SELECT = 24;
    /** Each thread's buffers, reused from cover to cover: no arrays to allocate and clear each time. */
    private static final ThreadLocal<Workspace> WORKSPACE = ThreadLocal.withInitial(Workspace::new);

    private final CoverBuilder.Shape shape;
    private final int maxBits;
    private final int partitionBits;
    private final int maxRanges;
    private final double small;
    private final Workspace workspace;
    private Items items;
    private Items next;
    private double[] scratch;
    /** Outside weight met since the last item written to {@link #next}. */
    private double pending;
    /** The ranges the partition ends of {@link #items} force, plus one. */
    private long forced;
    /** How many gaps between {@link #items} could be closed: their weights start {@link #scratch}. */
    private int gaps;

    CoverRefinement(CoverBuilder.Shape shape, CoverOptions options) {
        this.shape = shape;
        this.maxBits = options.maxBits();
        this.partitionBits = options.partitionBits();
        this.maxRanges = options.maxRanges();
        this.small = shape.weight() / REFINE;
        Workspace w = WORKSPACE.get();
        this.workspace = w.busy ? new Workspace() : w;
        workspace.busy = true;
        this.items = workspace.a;
        this.next = workspace.b;
        this.scratch = workspace.scratch;
        items.size = 0;
        next.size = 0;
    }

    /** Refines, then joins and merges the items into at most {@code maxRanges} ranges (more when partitions force it). */
    List<CodeRange> ranges() {
        try {
            return refineAndMerge();
        } finally {
            workspace.release(scratch);
        }
    }

    private List<CodeRange> refineAndMerge() {
        int relation = shape.relate(0, Axis.LAST, 0, Axis.LAST);
        if (relation == CoverBuilder.Shape.OUTSIDE) {
            return List.of();
        }
        items.add(0, -1L, relation == CoverBuilder.Shape.INSIDE ? -1 : 0, Double.NaN, 0, 0);
        descend();
        forced = 1 + pieces(items.first(0), items.last(0));
        gaps = 0;
        boolean split = true;
        while (split && items.size <= MAX_ITEMS) {
            split = round();
        }
        return merge();
    }

    /**
     * While the shape lies in one half of the only item, an edge cell, the item becomes that half: a
     * tight loop on the cell's index ranges, no weights (the other half only lengthens an end gap,
     * which no range reads). Stops where both halves touch the shape, or one is inside, or at the
     * finest precision. Starts at the smallest cell holding the shape's enclosing box, when it has one:
     * the levels above it would each find one half outside.
     */
    private void descend() {
        if (items.bits(0) < 0) {
            return;
        }
        long first = 0;
        int bits = 0;
        long x0 = 0;
        long y0 = 0;
        long[] box = shape.enclosingBox();
        if (box != null) {
            // the smallest cell holding both corners of the box holds the shape: start there
            long low = Morton.interleave((int) box[0], (int) box[2]);
            long high = Morton.interleave((int) box[1], (int) box[3]);
            bits = Math.min(maxBits, Long.numberOfLeadingZeros(low ^ high));
            first = low & ~Morton.lowMask(bits);
            x0 = Morton.x(first) & 0xFFFFFFFFL;
            y0 = Morton.y(first) & 0xFFFFFFFFL;
        }
        while (bits < maxBits) {
            long width = 1L << (32 - (bits + 2) / 2);
            long height = 1L << (32 - (bits + 1) / 2);
            boolean alongX = (bits & 1) == 0;
            long x1 = alongX ? x0 + width : x0;
            long y1 = alongX ? y0 : y0 + height;
            int r0 = shape.relate(x0, x0 + width - 1, y0, y0 + height - 1);
            if (r0 == CoverBuilder.Shape.INSIDE) {
                break;
            }
            int r1 = r0 == CoverBuilder.Shape.OUTSIDE ? CoverBuilder.Shape.PARTIAL
                    : shape.relate(x1, x1 + width - 1, y1, y1 + height - 1);
            if (r0 == CoverBuilder.Shape.PARTIAL && r1 == CoverBuilder.Shape.OUTSIDE) {
                bits++;
            } else if (r0 == CoverBuilder.Shape.OUTSIDE && r1 == CoverBuilder.Shape.PARTIAL) {
                first |= 1L << (63 - bits);
                x0 = x1;
                y0 = y1;
                bits++;
            } else {
                break;
            }
        }
        items.size = 0;
        items.add(first, first | Morton.lowMask(bits), bits, Double.NaN, 0, x0 << 32 | y0);
    }

    /**
     * Splits every item worth splitting; false when none is, leaving the items as they are rather than
     * rewriting them unchanged (the last round would otherwise copy every item once more).
     */
    private boolean round() {
        double open = openThreshold();
        int first = 0;
        while (first < items.size && !worthSplitting(first, open)) {
            first++;
        }
        if (first == items.size) {
            return false;
        }
        next.size = 0;
        pending = 0;
        forced = 1;
        gaps = 0;
        for (int i = 0; i < items.size; i++) {
            pending += items.gap(i);
            if (i == first || i > first && worthSplitting(i, open)) {
                split(i);
            } else {
                write(items.first(i), items.last(i), items.bits(i), items.weight(i), items.xy(i));
            }
        }
        if (next.size > 0) {
            forced += pieces(next.first(next.size - 1), next.last(next.size - 1));
        }
        swap();
        return true;
    }

    private void swap() {
        Items t = items;
        items = next;
        next = t;
    }

    /**
     * The weight above which a gap would be left open were the cover cut now: the smallest of the gaps
     * the range budget keeps open, 0 when every gap fits it, infinite when the partitions use it all.
     * From the counts {@link #settle} kept as the items were written.
     */
    private double openThreshold() {
        long budget = maxRanges - forced;
        if (budget <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (gaps <= budget) {
            return 0;
        }
        return select(scratch, gaps, gaps - (int) budget);
    }

    /**
     * Counts item {@code k} of {@link #next} once the item after it, starting at {@code following}, is
     * written: the ranges its partition ends force, and the gap after it when that gap could be closed.
     */
    private void settle(int k, long following) {
        long last = next.last(k);
        forced += pieces(next.first(k), last);
        if (partition(last) != partition(following)) {
            forced++;
        } else if (last + 1 != following) {
            if (gaps == scratch.length) {
                scratch = Arrays.copyOf(scratch, gaps * 2);
            }
            scratch[gaps++] = pending;
        }
    }

    /** The ranges the partition ends inside the codes {@code first..last} force, at most maxRanges. */
    private long pieces(long first, long last) {
        long pieces = partition(last) - partition(first);
        return pieces < 0 || pieces > maxRanges ? maxRanges : pieces;
    }

    /**
     * Whether splitting edge item {@code i} could still shrink the cut cover by much: it spans partitions,
     * lies at either end, borders a gap that is always open, or could (with its neighbours' edge cells)
     * hold or grow a gap past the open threshold.
     */
    private boolean worthSplitting(int i, double open) {
        int bits = items.bits(i);
        double w = items.weight(i);
        if (bits < 0 || bits >= maxBits || w <= small) {
            return false;
        }
        if (bits < partitionBits || i == 0 || i == items.size - 1) {
            return true;
        }
        if (partition(items.last(i - 1)) != partition(items.first(i))
                || partition(items.last(i)) != partition(items.first(i + 1))) {
            return true;
        }
        double before = items.gap(i) + (items.bits(i - 1) >= 0 ? items.weight(i - 1) * EDGE_SHARE : 0);
        double after = items.gap(i + 1) + (items.bits(i + 1) >= 0 ? items.weight(i + 1) * EDGE_SHARE : 0);
        return w * EDGE_SHARE + Math.max(before, after) > open;
    }

    /** Splits edge item {@code i}, then each of its halves that is still an edge cell worth splitting. */
    private void split(int i) {
        split(items.first(i), items.bits(i), items.weight(i), items.xy(i), items.size == 1, LEVELS_PER_ROUND);
    }

    /**
     * Writes the halves of an edge cell that touch the shape; the others join the gap. A half still on
     * the edge, heavier than {@link #small} and above the finest precision, is split in turn while
     * {@code levels} allow. While the cell is the only item ({@code lone}), a lone touching half is not
     * weighed (its weight stays unknown, NaN): the other half only lengthens an end gap, which no range
     * reads.
     */
    private void split(long first, int bits, double parent, long xy, boolean lone, int levels) {
        long low = Morton.lowMask(bits + 1);
        long second = first | (1L << (63 - bits));
        // the halves' index ranges: the split bit is an x bit when bits is even (a code starts with x)
        long x0 = xy >>> 32;
        long y0 = xy & 0xFFFFFFFFL;
        long width = 1L << (32 - (bits + 2) / 2);
        long height = 1L << (32 - (bits + 1) / 2);
        long x1 = (bits & 1) == 0 ? x0 + width : x0;
        long y1 = (bits & 1) == 0 ? y0 : y0 + height;
        int r0 = shape.relate(x0, x0 + width - 1, y0, y0 + height - 1);
        int r1 = r0 == CoverBuilder.Shape.OUTSIDE ? CoverBuilder.Shape.PARTIAL
                : shape.relate(x1, x1 + width - 1, y1, y1 + height - 1);
        double w0;
        double w1;
        if (lone && (r0 == CoverBuilder.Shape.OUTSIDE || r1 == CoverBuilder.Shape.OUTSIDE)) {
            w0 = r0 == CoverBuilder.Shape.OUTSIDE ? 0 : Double.NaN;
            w1 = r1 == CoverBuilder.Shape.OUTSIDE ? 0 : Double.NaN;
        } else if ((bits & 1) == 0 && !Double.isNaN(parent)) {
            // halves across x: the same band of rows, half the width each
            w0 = parent * 0.5;
            w1 = w0;
        } else {
            w0 = shape.weight(x0, x0 + width - 1, y0, y0 + height - 1);
            w1 = Double.isNaN(parent) ? shape.weight(x1, x1 + width - 1, y1, y1 + height - 1) : Math.max(0, parent - w0);
        }
        half(first, first | low, bits + 1, w0, r0, xy, levels);
        half(second, second | low, bits + 1, w1, r1, x1 << 32 | y1, levels);
    }

    private void half(long first, long last, int bits, double w, int relation, long xy, int levels) {
        if (relation == CoverBuilder.Shape.OUTSIDE) {
            pending += w;
        } else if (relation == CoverBuilder.Shape.PARTIAL && levels > 1 && bits < maxBits && !(w <= small)) {
            split(first, bits, w, xy, false, levels - 1);
        } else {
            write(first, last, relation == CoverBuilder.Shape.INSIDE || bits >= maxBits ? -1 : bits, w, xy);
        }
    }

    /** Appends an item to {@link #next}, joining a run to the run right before it. */
    private void write(long first, long last, int bits, double w, long xy) {
        int k = next.size - 1;
        if (bits < 0 && k >= 0 && next.bits(k) < 0 && next.last(k) + 1 == first && pending == 0) {
            next.setLast(k, last);
            next.addWeight(k, w);
            return;
        }
        if (k >= 0) {
            settle(k, first);
        }
        next.add(first, last, bits, w, pending, xy);
        pending = 0;
    }

    /**
     * Joins the items into runs, cut at partition ends, then closes the lightest gaps inside partitions
     * until at most {@code maxRanges} runs remain: the least extra weight any such merge can cost.
     */
    private List<CodeRange> merge() {
        Items runs = next;
        runs.size = 0;
        for (int i = 0; i < items.size; i++) {
            long a = items.first(i);
            long b = items.last(i);
            double gap = items.gap(i);
            while (partition(a) != partition(b)) {
                long end = a | Morton.lowMask(partitionBits);
                appendRun(runs, a, end, gap);
                gap = 0;
                a = end + 1;
            }
            appendRun(runs, a, b, gap);
        }
        if (runs.size == 0) {
            return List.of();
        }
        int closable = 0;
        for (int i = 1; i < runs.size; i++) {
            if (partition(runs.last(i - 1)) == partition(runs.first(i))) {
                if (closable == scratch.length) {
                    scratch = Arrays.copyOf(scratch, closable * 2);
                }
                scratch[closable++] = runs.gap(i);
            }
        }
        int excess = Math.min(runs.size - maxRanges, closable);
        double limit = excess <= 0 ? Double.NEGATIVE_INFINITY : select(scratch, closable, excess - 1);
        int below = 0;
        for (int i = 1; i < runs.size; i++) {
            if (partition(runs.last(i - 1)) == partition(runs.first(i)) && runs.gap(i) < limit) {
                below++;
            }
        }
        int ties = excess - below;
        List<CodeRange> out = new ArrayList<>(Math.min(runs.size, Math.max(maxRanges, 1)));
        long start = runs.first(0);
        for (int i = 0; i < runs.size; i++) {
            boolean close = false;
            if (i + 1 < runs.size && partition(runs.last(i)) == partition(runs.first(i + 1))) {
                double g = runs.gap(i + 1);
                if (g < limit) {
                    close = true;
                } else if (g == limit && ties > 0) {
                    close = true;
                    ties--;
                }
            }
            if (!close) {
                out.add(new CodeRange(start, runs.last(i)));
                if (i + 1 < runs.size) {
                    start = runs.first(i + 1);
                }
            }
        }
        return out;
    }

    private void appendRun(Items runs, long first, long last, double gap) {
        int k = runs.size - 1;
        if (k >= 0 && runs.last(k) + 1 == first && partition(runs.last(k)) == partition(first)) {
            runs.setLast(k, last);
            return;
        }
        runs.add(first, last, -1, 0, gap, 0);
    }

    private long partition(long code) {
        return CoverBuilder.partition(code, partitionBits);
    }

    /** The {@code k}-th smallest (from 0) of {@code values[0..n)}, reordering them. */
    static double select(double[] values, int n, int k) {
        if (n <= SMALL_SELECT) {
            return selectByCounting(values, n, k);
        }
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            double pivot = values[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (values[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double t = values[i];
                    values[i++] = values[j];
                    values[j--] = t;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return values[k];
            }
        }
        return values[k];
    }

    /**
     * The {@code k}-th smallest of a few values: the one with at most {@code k} values below it and more
     * than {@code k} at or below it. Comparisons counted without branches, where a quickselect's branches
     * on a dozen values are mostly mispredicted.
     */
    private static double selectByCounting(double[] values, int n, int k) {
        for (int i = 0; i < n; i++) {
            double v = values[i];
            int below = 0;
            int atOrBelow = 0;
            for (int j = 0; j < n; j++) {
                double w = values[j];
                below += w < v ? 1 : 0;
                atOrBelow += w <= v ? 1 : 0;
            }
            if (below <= k && k < atOrBelow) {
                return v;
            }
        }
        throw new IllegalStateException("no " + k + "-th smallest of " + n + " values: a value is NaN");
    }

    /** The buffers of one thread's covers; buffers grown past {@link #KEEP} are dropped after use. */
    private static final class Workspace {
        static final int KEEP = 4096;
        Items a = new Items();
        Items b = new Items();
        double[] scratch = new double[64];
        boolean busy;

        void release(double[] used) {
            scratch = used.length > KEEP ? new double[64] : used;
            if (a.capacity() > KEEP) {
                a = new Items();
            }
            if (b.capacity() > KEEP) {
                b = new Items();
            }
            busy = false;
        }
    }

    /**
     * Items, each six longs side by side in one array: codes {@code first..last}, cell bits (-1 for a run
     * kept whole), the raw bits of its weight and of the gap before it, and an edge cell's x and y indices
     * (x in the high half), which a split would otherwise take back out of the interleaved code. One array
     * read in order rather than six in step: parallel arrays of one size can fall on the same cache sets,
     * by where the collector happens to place them.
     */
    private static final class Items {
        private static final int STRIDE = 6;
        private long[] data = new long[64 * STRIDE];
        int size;

        long first(int i) {
            return data[i * STRIDE];
        }

        long last(int i) {
            return data[i * STRIDE + 1];
        }

        int bits(int i) {
            return (int) data[i * STRIDE + 2];
        }

        double weight(int i) {
            return Double.longBitsToDouble(data[i * STRIDE + 3]);
        }

        double gap(int i) {
            return Double.longBitsToDouble(data[i * STRIDE + 4]);
        }

        void setLast(int i, long l) {
            data[i * STRIDE + 1] = l;
        }

        void addWeight(int i, double w) {
            data[i * STRIDE + 3] = Double.doubleToRawLongBits(weight(i) + w);
        }

        int capacity() {
            return data.length / STRIDE;
        }

        long xy(int i) {
            return data[i * STRIDE + 5];
        }

        void add(long f, long l, int b, double w, double g, long xy) {
            int at = size * STRIDE;
            if (at == data.length) {
                data = Arrays.copyOf(data, data.length * 2);
            }
            data[at] = f;
            data[at + 1] = l;
            data[at + 2] = b;
            data[at + 3] = Double.doubleToRawLongBits(w);
            data[at + 4] = Double.doubleToRawLongBits(g);
            data[at + 5] = xy;
            size++;
        }
    }
}
