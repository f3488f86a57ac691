package dev.nosqlpatterns.benchmarks.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.roaringbitmap.RoaringBitmap;

/**
 * Intersecting two posting lists of an inverted index over 1M documents, as the two representations
 * inverted search stores them: compressed (Roaring) bitmaps and sorted id arrays merged pairwise. The
 * density parameter is the share of documents in each list.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class BitmapIntersectionBenchmark {
    private static final int DOCUMENTS = 1_000_000;

    @Param({"0.001", "0.01", "0.1", "0.5"})
    public double density;

    private int[] left;
    private int[] right;
    private RoaringBitmap leftBits;
    private RoaringBitmap rightBits;

    @Setup
    public void lists() {
        SplittableRandom random = new SplittableRandom(7);
        left = random.ints(0, DOCUMENTS).limit((long) (DOCUMENTS * density)).sorted().distinct().toArray();
        right = random.ints(0, DOCUMENTS).limit((long) (DOCUMENTS * density)).sorted().distinct().toArray();
        leftBits = RoaringBitmap.bitmapOf(left);
        rightBits = RoaringBitmap.bitmapOf(right);
        leftBits.runOptimize();
        rightBits.runOptimize();
        if (RoaringBitmap.and(leftBits, rightBits).getCardinality() != intersect(left, right).length) {
            throw new IllegalStateException("the two representations disagree");
        }
    }

    @Benchmark
    public int roaringBitmaps() {
        return RoaringBitmap.and(leftBits, rightBits).getCardinality();
    }

    @Benchmark
    public int sortedIdArrays() {
        return intersect(left, right).length;
    }

    static int[] intersect(int[] a, int[] b) {
        int[] out = new int[Math.min(a.length, b.length)];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                out[n++] = a[i];
                i++;
                j++;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
