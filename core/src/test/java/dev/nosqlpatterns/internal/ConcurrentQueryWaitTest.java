package dev.nosqlpatterns.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ConcurrentQueryWaitTest {
    private static final List<KeyQuery> THREE = List.of(query("a"), query("b"), query("c"));

    private static KeyQuery query(String table) {
        return new KeyQuery(table, "p", SortKeyCondition.all(), false, 10, Optional.empty());
    }

    private static CostMeter meter(int roundTrips) {
        CostMeter m = new CostMeter();
        m.roundTrips(roundTrips);
        return m;
    }

    @Test
    void answersInOrderAndJoinsTheMeters() {
        CostMeter meter = new CostMeter();
        List<String> out = ConcurrentQueryWait.await(THREE, List.of(CompletableFuture.completedFuture("x"),
                CompletableFuture.completedFuture("y"), CompletableFuture.completedFuture("z")),
                List.of(meter(1), meter(3), meter(2)), meter, (i, cause) -> new IllegalStateException(cause));
        assertEquals(List.of("x", "y", "z"), out);
        assertEquals(6, meter.roundTrips());
        assertEquals(3, meter.criticalPath(), "the longest part");
    }

    @Test
    void theFirstFailureInOrderIsThrownMappedWithItsIndexAndEveryMeterJoined() {
        CostMeter meter = new CostMeter();
        RuntimeException e = assertThrows(RuntimeException.class, () -> ConcurrentQueryWait.await(THREE,
                List.of(CompletableFuture.completedFuture("x"), CompletableFuture.<String>failedFuture(new Exception("b")),
                        CompletableFuture.<String>failedFuture(new Exception("c"))),
                List.of(meter(1), meter(1), meter(1)), meter,
                (i, cause) -> new IllegalArgumentException(i + " " + cause.getMessage())));
        assertEquals("1 b", e.getMessage());
        assertEquals(3, meter.roundTrips());
        AssertionError fatal = new AssertionError("fatal");
        assertSame(fatal, assertThrows(AssertionError.class, () -> ConcurrentQueryWait.await(THREE.subList(0, 1),
                List.of(CompletableFuture.<String>failedFuture(fatal)), List.of(meter(1)), new CostMeter(),
                (i, cause) -> new IllegalStateException(cause))), "an error is not mapped");
    }

    @Test
    void anInterruptedWaitKeepsTheInterruptCancelsWhatRunsAndJoinsOnlyWhatCompleted() {
        CompletableFuture<String> running = new CompletableFuture<>();
        CostMeter meter = new CostMeter();
        Thread.currentThread().interrupt();
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class, () -> ConcurrentQueryWait.await(
                List.of(query("t"), query("t")), List.of(running, CompletableFuture.completedFuture("y")),
                List.of(meter(5), meter(1)), meter, (i, cause) -> new IllegalStateException(cause)));
        assertTrue(Thread.interrupted(), "the interrupt is kept");
        assertTrue(running.isCancelled());
        assertEquals("t", e.table().orElseThrow());
        assertEquals(1, meter.roundTrips(), "the running query's meter may still change: left out");
    }
}
