package dev.nosqlpatterns.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The turns a rate limit gives, on a clock the test moves (no real waiting). */
class CallRateLimitTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void afterAQuietSpellOneSecondsWorthGoesAtOnceThenCallsAreSpacedEvenly() {
        AtomicLong now = new AtomicLong(1_000 * SECOND);
        List<Long> waits = new ArrayList<>();
        CallRateLimit limit = new CallRateLimit(10, now::get, waits::add);
        for (int i = 0; i < 12; i++) {
            limit.admit();
        }
        // Ten calls in the burst (the schedule may lag one second behind), then one every 100 ms.
        assertEquals(List.of(SECOND / 10, 2 * SECOND / 10), waits);
        now.addAndGet(5 * SECOND);
        waits.clear();
        for (int i = 0; i < 10; i++) {
            limit.admit();
        }
        assertEquals(List.of(), waits, "a quiet spell refills the burst");
    }

    @Test
    void aLimitedHandleWaitsItsTurnSharesTheTablesAndLeavesTheStoreOpen() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("t"));
            Store limited = store.limitedTo(1_000_000);
            limited.put("t", Item.of(Key.of("a", "b")));
            limited.close();
            assertTrue(store.get("t", Key.of("a", "b")).isPresent(), "closing the limited handle closed the store");
            assertThrows(IllegalArgumentException.class, () -> store.limitedTo(0));
            assertThrows(IllegalArgumentException.class, () -> store.limitedTo(Double.NaN));
        }
    }
}
