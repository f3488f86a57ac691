package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {
    private static final List<LatencyStats.Repetition> ONE = List.of(new LatencyStats.Repetition(1, 1_000));

    @Test
    void percentilesUseTheNearestRank() {
        long[] nanos = new long[100];
        for (int i = 0; i < 100; i++) {
            nanos[99 - i] = (i + 1) * 1_000L; // 1..100 µs, reversed
        }
        LatencyStats s = LatencyStats.of(nanos, List.of(new LatencyStats.Repetition(100, 100_000_000)));
        assertEquals(50, s.p50Micros(), 1e-9);
        assertEquals(99, s.p99Micros(), 1e-9);
        assertEquals(50.5, s.meanMicros(), 1e-9);
        assertEquals(100, s.maxMicros(), 1e-9);
        assertEquals(1_000, s.opsPerSecond(), 1e-6);
    }

    @Test
    void aSingleSampleIsEveryPercentile() {
        LatencyStats s = LatencyStats.of(new long[] {7_000}, ONE);
        assertEquals(7, s.p50Micros(), 1e-9);
        assertEquals(7, s.p99Micros(), 1e-9);
    }

    @Test
    void p99OfFewSamplesIsTheSlowest() {
        LatencyStats s = LatencyStats.of(new long[] {1_000, 2_000, 3_000, 50_000}, ONE);
        assertEquals(2, s.p50Micros(), 1e-9);
        assertEquals(50, s.p99Micros(), 1e-9);
    }

    @Test
    void spreadComesFromTheRepetitions() {
        LatencyStats s = LatencyStats.of(new long[] {1, 2, 3, 4}, List.of(
                new LatencyStats.Repetition(2, 1_000_000_000L), new LatencyStats.Repetition(2, 500_000_000L)));
        assertEquals(2, s.repMinOps(), 1e-9);
        assertEquals(4, s.repMaxOps(), 1e-9);
        assertEquals(4 / 1.5, s.opsPerSecond(), 1e-9);
        assertEquals((4 - 2) / (4 / 1.5), s.spread(), 1e-9);
    }

    @Test
    void refusesEmptyInput() {
        assertThrows(IllegalArgumentException.class, () -> LatencyStats.of(new long[0], ONE));
        assertThrows(IllegalArgumentException.class, () -> LatencyStats.of(new long[] {1}, List.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LatencyStats.Repetition(0, 5));
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LatencyStats.percentile(new long[] {1}, 0));
    }
}
