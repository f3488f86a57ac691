package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The console's progress line: cell n of N, time elapsed and about how long is left. */
class ProgressTest {
    @Test
    void formatsCellsElapsedAndLeft() {
        assertEquals("cell 3 of 12, 0:41 elapsed, about 1:22 left",
                Progress.format(3, 12, Duration.ofSeconds(41), Duration.ofSeconds(82)));
        assertEquals("cell 120 of 400, 1:02:05 elapsed, about 2:24:50 left",
                Progress.format(120, 400, Duration.ofSeconds(3725), Duration.ofSeconds(8690)));
        assertEquals("0:01", Progress.clock(Duration.ofMillis(600)), "rounded to the second");
    }

    @Test
    void estimatesTheTotalAndTheTimeLeftFromTheCellsSoFar() {
        AtomicLong now = new AtomicLong(1_000);
        Progress p = new Progress(3, now::get);
        p.storeOpened(4);
        assertEquals(12, p.total(), "stores not yet opened count as many cells as the last one opened");
        p.cellDone();
        p.cellDone();
        now.addAndGet(Duration.ofSeconds(41).toNanos());
        assertEquals("cell 3 of 12, 0:41 elapsed, about 2:03 left", p.cellDone());
        p.cellDone();
        p.storeOpened(0);
        assertEquals(8, p.total(), "a store that did not start runs no cells");
        p.storeOpened(4);
        now.addAndGet(Duration.ofSeconds(100).toNanos());
        // this store's 3 cells left at its 100 s per cell, none after it
        assertEquals("cell 5 of 8, 2:21 elapsed, about 5:00 left", p.cellDone());
    }
}
