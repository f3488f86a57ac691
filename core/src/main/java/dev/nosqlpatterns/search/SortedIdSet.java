package dev.nosqlpatterns.search;

import java.util.Arrays;

/**
 * An {@link IdSet} as a sorted array of distinct ids: the classic posting list. Intersections merge,
 * or gallop through the larger list when the sizes differ a lot; unions and differences merge.
 */
final class SortedIdSet implements IdSet {
    static final SortedIdSet EMPTY = new SortedIdSet(new int[0]);
    /** Above this size ratio an intersection searches the larger list instead of walking it. */
    private static final int GALLOP_RATIO = 16;
    private final int[] ids;

    private SortedIdSet(int[] sortedDistinct) {
        this.ids = sortedDistinct;
    }

    /** The set of {@code ids}, in any order, duplicates allowed. */
    static SortedIdSet of(int[] ids) {
        int[] sorted = ids.clone();
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return new SortedIdSet(n == sorted.length ? sorted : Arrays.copyOf(sorted, n));
    }

    @Override
    public int cardinality() {
        return ids.length;
    }

    @Override
    public boolean contains(int id) {
        return Arrays.binarySearch(ids, id) >= 0;
    }

    @Override
    public IdSet and(IdSet other) {
        int[] b = of(other);
        int[] small = ids.length <= b.length ? ids : b;
        int[] large = small == ids ? b : ids;
        int[] out = new int[small.length];
        int n = 0;
        if ((long) small.length * GALLOP_RATIO < large.length) {
            int from = 0;
            for (int id : small) {
                int at = gallop(large, from, id);
                if (at < large.length && large[at] == id) {
                    out[n++] = id;
                }
                from = at;
            }
        } else {
            int i = 0;
            int j = 0;
            while (i < small.length && j < large.length) {
                if (small[i] < large[j]) {
                    i++;
                } else if (small[i] > large[j]) {
                    j++;
                } else {
                    out[n++] = small[i];
                    i++;
                    j++;
                }
            }
        }
        return new SortedIdSet(Arrays.copyOf(out, n));
    }

    @Override
    public IdSet or(IdSet other) {
        int[] b = of(other);
        int[] out = new int[ids.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < ids.length || j < b.length) {
            if (j == b.length || (i < ids.length && ids[i] < b[j])) {
                out[n++] = ids[i++];
            } else if (i == ids.length || b[j] < ids[i]) {
                out[n++] = b[j++];
            } else {
                out[n++] = ids[i++];
                j++;
            }
        }
        return new SortedIdSet(Arrays.copyOf(out, n));
    }

    @Override
    public IdSet andNot(IdSet other) {
        int[] b = of(other);
        int[] out = new int[ids.length];
        int n = 0;
        int j = 0;
        for (int id : ids) {
            while (j < b.length && b[j] < id) {
                j++;
            }
            if (j == b.length || b[j] != id) {
                out[n++] = id;
            }
        }
        return new SortedIdSet(Arrays.copyOf(out, n));
    }

    @Override
    public int[] toArray() {
        return ids.clone();
    }

    @Override
    public IdSet range(long from, long to) {
        int start = lowerBound(from);
        int end = lowerBound(to);
        return new SortedIdSet(Arrays.copyOfRange(ids, start, Math.max(start, end)));
    }

    @Override
    public int[] chunks(int chunkBits) {
        int[] out = new int[Math.min(ids.length, 16)];
        int n = 0;
        for (int id : ids) {
            int chunk = id >>> chunkBits;
            if (n == 0 || out[n - 1] != chunk) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = chunk;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The first index at or after {@code from} whose id is at least {@code id}, by doubling steps then bisection. */
    private static int gallop(int[] a, int from, int id) {
        int step = 1;
        int low = from;
        int high = from;
        while (high < a.length && a[high] < id) {
            low = high + 1;
            high = from + step;
            step <<= 1;
        }
        high = Math.min(high, a.length);
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (a[mid] < id) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private int lowerBound(long value) {
        if (value <= 0) {
            return 0;
        }
        if (value > Integer.MAX_VALUE) {
            return ids.length;
        }
        int at = Arrays.binarySearch(ids, (int) value);
        return at >= 0 ? at : -at - 1;
    }

    private static int[] of(IdSet other) {
        return other instanceof SortedIdSet s ? s.ids : other.toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SortedIdSet s && Arrays.equals(ids, s.ids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ids);
    }

    @Override
    public String toString() {
        return "sorted" + IdSets.describe(this);
    }
}
