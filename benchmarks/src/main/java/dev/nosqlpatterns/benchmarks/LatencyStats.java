package dev.nosqlpatterns.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Summary of the latencies of one measured cell, in microseconds, with the spread between repetitions:
 * the report compares techniques by these figures, so they are computed once, here, the same way for all.
 *
 * @param samples        operations measured
 * @param p50Micros      median latency (nearest rank)
 * @param p99Micros      99th percentile latency (nearest rank)
 * @param meanMicros     mean latency
 * @param maxMicros      slowest operation
 * @param opsPerSecond   throughput over all repetitions (operations divided by summed wall time)
 * @param repMinOps      throughput of the slowest repetition
 * @param repMaxOps      throughput of the fastest repetition
 */
public record LatencyStats(int samples, double p50Micros, double p99Micros, double meanMicros, double maxMicros,
                           double opsPerSecond, double repMinOps, double repMaxOps) {

    /**
     * Computes the figures from per-operation latencies (nanoseconds) and, per repetition, the number of
     * operations and wall time (nanoseconds) it took.
     */
    public static LatencyStats of(long[] latencyNanos, List<Repetition> repetitions) {
        Objects.requireNonNull(latencyNanos, "latencies must not be null");
        Objects.requireNonNull(repetitions, "repetitions must not be null");
        if (latencyNanos.length == 0) {
            throw new IllegalArgumentException("at least one latency sample is needed");
        }
        if (repetitions.isEmpty()) {
            throw new IllegalArgumentException("at least one repetition is needed");
        }
        long[] sorted = latencyNanos.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (long v : sorted) {
            sum += v;
        }
        long ops = 0;
        long wall = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Repetition r : repetitions) {
            ops += r.operations();
            wall += r.wallNanos();
            double rate = r.operationsPerSecond();
            min = Math.min(min, rate);
            max = Math.max(max, rate);
        }
        double overall = wall == 0 ? Double.POSITIVE_INFINITY : ops * 1e9 / wall;
        return new LatencyStats(sorted.length, percentile(sorted, 0.50) / 1e3, percentile(sorted, 0.99) / 1e3,
                sum / sorted.length / 1e3, sorted[sorted.length - 1] / 1e3, overall, min, max);
    }

    /** The nearest-rank percentile {@code q} (0 &lt; q &le; 1) of ascending {@code sorted} values. */
    static long percentile(long[] sorted, double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("percentile must be in (0, 1], got " + q);
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    /** Spread of throughput between repetitions, as (fastest - slowest) / overall; 0 for one repetition. */
    public double spread() {
        return opsPerSecond == 0 || Double.isInfinite(opsPerSecond) ? 0 : (repMaxOps - repMinOps) / opsPerSecond;
    }

    /** One timed repetition: how many operations ran and how long they took in total. */
    public record Repetition(long operations, long wallNanos) {
        public Repetition {
            if (operations < 1) {
                throw new IllegalArgumentException("a repetition runs at least one operation, got " + operations);
            }
            if (wallNanos < 0) {
                throw new IllegalArgumentException("wall time must not be negative, got " + wallNanos);
            }
        }

        double operationsPerSecond() {
            return wallNanos == 0 ? Double.POSITIVE_INFINITY : operations * 1e9 / wallNanos;
        }
    }
}
