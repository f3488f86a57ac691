package dev.nosqlpatterns.testkit.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.aggregate.AggregateStore;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Optimistic aggregates under live concurrent writers: one writer's read-modify-write is paused before
 * each of its store calls in turn while another changes, or deletes and creates again, the same
 * aggregate; and seeded random schedules of several incrementing writers. No update may be lost, and a
 * change computed from an aggregate that was deleted meanwhile never lands on the one created after it.
 */
public abstract class AggregateInterleavingSuite extends StoreSuite {
    private static final Key CART = Key.of("cart|42", "<BASE>");

    private static AggregateStore open(Store on, String table) {
        return AggregateStore.builder(on, table).maxAttempts(1_000).maxBackoff(Duration.ZERO).build();
    }

    private static Consumer<AggregateStore> add(long n) {
        return carts -> carts.modify(CART, c -> c.toBuilder().put("count", c.getLong("count").orElseThrow() + n).build());
    }

    private static Consumer<AggregateStore> recreate(long count) {
        return carts -> {
            carts.delete(CART);
            carts.create(Item.builder(CART).put("count", count).build());
        };
    }

    /** Puts the cart back at 5 in {@code table} (created once per test: table creation is slow on some stores). */
    private String seed(String table) {
        store.delete(table, CART);
        open(store, table).create(Item.builder(CART).put("count", 5).build());
        return table;
    }

    /** Pauses A before each of its calls in turn while B runs to the end; the final count must be one of {@code allowed}. */
    private void pauseAtEveryStep(Consumer<AggregateStore> a, Consumer<AggregateStore> b, Set<Long> allowed) {
        String table = seed(newTable());
        int points = Interleaving.stepPoints(backend, List.of(table), s -> a.accept(open(s, table)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            seed(table);
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table), Interleaving.pauseFirstAt(p),
                    s -> a.accept(open(s, table)), s -> b.accept(open(s, table)))
                    .allowing(IllegalStateException.class); // modify of an aggregate deleted meanwhile
            long count = store.get(table, CART).orElseThrow().getLong("count").orElseThrow();
            assertTrue(allowed.contains(count), "count " + count + ", expected one of " + allowed
                    + " (A paused at step point " + p + " of " + points + ", calls:\n" + outcome.describe() + ")");
        }
    }

    @Test
    void twoIncrementsBothLand() {
        pauseAtEveryStep(add(1), add(10), Set.of(16L));
    }

    /** A change read from the first life of the aggregate must not overwrite its second life (version ABA). */
    @Test
    void anIncrementNeverLandsOnAnAggregateCreatedAgain() {
        // A before B: B's new aggregate (0) is last; B before A: A increments it (1). Never 6.
        pauseAtEveryStep(add(1), recreate(0), Set.of(0L, 1L));
    }

    @Test
    void anAggregateCreatedAgainWhileIncremented() {
        pauseAtEveryStep(recreate(0), add(1), Set.of(0L, 1L));
    }

    /** Three writers incrementing under seeded random schedules end at the exact sum. */
    @Test
    void randomSchedulesLoseNoIncrement() {
        String table = newTable();
        randomSchedules(1.0).forEach(s -> {
            seed(table);
            List<Consumer<Store>> writers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                long n = (long) Math.pow(10, w);
                writers.add(st -> {
                    AggregateStore carts = open(st, table);
                    for (int i = 0; i < 3; i++) {
                        add(n).accept(carts);
                    }
                });
            }
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table), Interleaving.random(s), writers)
                    .allowing();
            assertEquals(5 + 3 * 111L, store.get(table, CART).orElseThrow().getLong("count").orElseThrow(),
                    "random schedule " + s + ", calls:\n" + outcome.describe());
        });
    }
}
