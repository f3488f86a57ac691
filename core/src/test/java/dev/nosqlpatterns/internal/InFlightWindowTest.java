package dev.nosqlpatterns.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reads sent a bounded number at a time: answers in order, never more in flight, a truthful wait. */
class InFlightWindowTest {
    private final ExecutorService threads = Executors.newFixedThreadPool(8);

    @AfterEach
    void stop() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static final ConcurrentQueryWait.Failure AS_IS =
            (i, cause) -> cause instanceof RuntimeException r ? r : new IllegalStateException(cause);

    @Test
    void answersInOrderWithNeverMoreThanTheWindowInFlight() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CostMeter meter = new CostMeter();
        List<Integer> answers = InFlightWindow.run("reads", "t", 1_000, 7, (i, part) -> {
            part.roundTrip();
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            return CompletableFuture.supplyAsync(() -> {
                Thread.onSpinWait();
                inFlight.decrementAndGet();
                return i * 2;
            }, threads);
        }, meter, AS_IS);
        assertEquals(IntStream.range(0, 1_000).map(i -> i * 2).boxed().toList(), answers);
        assertTrue(most.get() <= 7, "at most 7 in flight, saw " + most.get());
        assertEquals(1_000, meter.roundTrips());
        assertTrue(meter.criticalPath() >= 143 && meter.criticalPath() <= 1_000,
                "1,000 single requests, 7 at a time: at least ceil(1000 / 7) waits, got " + meter.criticalPath());
    }

    @Test
    void aWindowLargerThanTheReadsWaitsForTheLongestRead() {
        CostMeter meter = new CostMeter();
        InFlightWindow.run("reads", null, 5, 256, (i, part) -> {
            part.roundTrips(i + 1);
            return CompletableFuture.completedFuture(i);
        }, meter, AS_IS);
        assertEquals(15, meter.roundTrips());
        assertEquals(5, meter.criticalPath());
    }

    @Test
    void afterAFailureNothingMoreIsSentAndTheFirstFailureIsThrown() {
        StoreException boom = new StoreException("read 3 failed", "t", null, null);
        List<Integer> sent = new ArrayList<>();
        StoreException thrown = assertThrows(StoreException.class, () -> InFlightWindow.run("reads", "t", 100, 1,
                (i, part) -> {
                    sent.add(i);
                    part.roundTrip();
                    return i == 3 ? CompletableFuture.failedFuture(boom) : CompletableFuture.completedFuture(i);
                }, new CostMeter(), AS_IS));
        assertSame(boom, thrown);
        assertEquals(List.of(0, 1, 2, 3), sent);
    }

    @Test
    void aBoundOutsideOneTo65536IsRefusedNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InFlightWindow.check("maxInFlight", 0));
        assertEquals("maxInFlight must be from 1 to 65536, got 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> InFlightWindow.check("maxInFlight", 65_537));
        assertEquals(65_536, InFlightWindow.check("maxInFlight", 65_536));
    }
}
