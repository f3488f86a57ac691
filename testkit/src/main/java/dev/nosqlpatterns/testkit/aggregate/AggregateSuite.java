package dev.nosqlpatterns.testkit.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.aggregate.AggregateStore;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Aggregates and atomic aggregates: one entity per item, optimistic updates that lose nothing. */
public abstract class AggregateSuite extends StoreSuite {
    /** Increments per thread; 1,000 by default, settable with -Dnosqlpatterns.aggregate.increments. */
    private static final int INCREMENTS = Integer.getInteger("nosqlpatterns.aggregate.increments", 1000);
    private static final Key CART = Key.of("cart|42", "<BASE>");

    @Test
    void eightThreadsIncrementingEndAtTheExactSum() throws Exception {
        AggregateStore carts = AggregateStore.builder(store, newTable()).maxAttempts(10_000).build();
        long first = carts.create(Item.builder(CART).put("count", 0).put("lines", Value.list()).build())
                .getLong("_version").orElseThrow();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < INCREMENTS; i++) {
                        carts.modify(CART, cart -> cart.toBuilder()
                                .put("count", cart.getLong("count").orElseThrow() + 1).build());
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(30, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        Item cart = carts.get(CART).orElseThrow();
        assertEquals((long) threads * INCREMENTS, cart.getLong("count").orElseThrow());
        assertEquals(first + (long) threads * INCREMENTS, cart.getLong("_version").orElseThrow());
    }

    @Test
    void aNestedAggregateIsReadAndWrittenWhole() {
        AggregateStore orders = AggregateStore.builder(store, newTable()).build();
        Item order = Item.builder("order|7", "<BASE>").put("customer", "ada")
                .put("lines", Value.list(Value.map(Map.of("sku", Value.of("pen"), "qty", Value.of(2)))))
                .put("address", Value.map(Map.of("city", Value.of("London")))).build();
        long first = orders.update(order.key(), current -> order).getLong("_version").orElseThrow();
        Item changed = orders.modify(order.key(), o -> o.toBuilder().put("lines", Value.list(
                Value.map(Map.of("sku", Value.of("pen"), "qty", Value.of(2))),
                Value.map(Map.of("sku", Value.of("ink"), "qty", Value.of(1))))).build());
        assertEquals(first + 1, changed.getLong("_version").orElseThrow());
        assertEquals(changed, orders.get(order.key()).orElseThrow());
        Item same = orders.modify(order.key(), o -> o);
        assertEquals(first + 1, same.getLong("_version").orElseThrow(), "an unchanged aggregate is not written");
    }

    @Test
    void aFunctionThatThrowsWritesNothing() {
        AggregateStore carts = AggregateStore.builder(store, newTable()).build();
        Item created = carts.create(Item.builder(CART).put("count", 1).build());
        assertThrows(IllegalStateException.class, () -> carts.modify(CART, c -> {
            throw new IllegalStateException("business rule");
        }));
        assertEquals(created, carts.get(CART).orElseThrow());
        assertThrows(IllegalStateException.class, () -> carts.modify(Key.of("absent", "x"), c -> c));
    }

    @Test
    void exhaustedRetriesNameTheAggregate() {
        String table = newTable();
        AggregateStore carts = AggregateStore.builder(store, table).maxAttempts(3).build();
        carts.create(Item.builder(CART).put("count", 1).build());
        ConcurrentUpdateException e = assertThrows(ConcurrentUpdateException.class, () -> carts.modify(CART, c -> {
            store.update(table, CART, UpdateAction.add("_version", 1));
            return c.toBuilder().put("count", 99).build();
        }));
        assertEquals(3, e.attempts());
        assertEquals(CART, e.key().orElseThrow());
        assertTrue(e.getMessage().contains("cart|42"), e.getMessage());
        assertEquals(1L, carts.get(CART).orElseThrow().getLong("count").orElseThrow());
    }

    @Test
    void theBuilderChecksEverySetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AggregateStore.builder(store, newTable()).maxAttempts(0).versionAttribute("").build());
        assertTrue(e.getMessage().contains("maxAttempts") && e.getMessage().contains("versionAttribute"), e.getMessage());
    }
}
