package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryStore;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Counter updates done in place by {@code add.lua} answer and store exactly what the in-memory reference
 * does, in one round trip where the script can add exactly, and by compare-and-set where it cannot
 * (fractions, sums beyond 2^53, lists in the item, an item near the size limit, a non-number).
 */
class ServerAddsTest {
    private static final Limits SMALL = new Limits(300, Limits.PORTABLE.maxPartitionKeyBytes(),
            Limits.PORTABLE.maxSortKeyBytes(), Limits.PORTABLE.maxAtomicWriteItems(), Limits.PORTABLE.maxAtomicWriteBytes());

    @Test
    void singleServer() {
        String prefix = "nspa" + System.nanoTime() + ":";
        try (Store redis = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).limits(SMALL).build()) {
            compare(redis);
        }
    }

    @Test
    void cluster() {
        String prefix = "nspac" + System.nanoTime() + ":";
        try (Store redis = RedisStore.builder().client(LocalCluster.client()).keyPrefix(prefix).limits(SMALL).build()) {
            compare(redis);
        }
    }

    private static void compare(Store redis) {
        try (Store memory = MemoryStore.create(SMALL)) {
            for (Store s : List.of(redis, memory)) {
                s.createTable(TableSpec.named("t"));
            }
            List<Function<Store, Object>> steps = new ArrayList<>();
            Key c = Key.of("p", "c");
            for (long delta : new long[] {9, 1, 90, -100, -15, 15, 1000, -1, 123_456_789_000L}) {
                steps.add(s -> s.update("t", c, UpdateAction.add("n", delta)));
            }
            steps.add(s -> s.update(Write.update("t", c, UpdateAction.add("n", 5))
                    .when(Condition.attributeEquals("n", Value.of(123_456_789_999L)))));
            steps.add(s -> s.update(Write.update("t", c, UpdateAction.add("n", 5))
                    .when(Condition.attributeEquals("n", Value.of(1)))));
            steps.add(s -> s.update(Write.update("t", Key.of("p", "none"), UpdateAction.add("n", 1))
                    .when(Condition.ifExists())));
            steps.add(s -> s.update(Write.update("t", Key.of("p", "new"), UpdateAction.add("n", 1000), UpdateAction.add("m", -7))
                    .when(Condition.ifAbsent())));
            steps.add(s -> s.update(Write.update("t", Key.of("p", "new"), UpdateAction.add("n", 1)).when(Condition.ifAbsent())));
            steps.add(s -> s.update("t", Key.of("p", "new"), UpdateAction.add("n", new BigDecimal("1E+3"))));
            // the script writes numbers in their canonical bytes, which conditions compare: 2000 is "2E+3"
            steps.add(s -> s.update(Write.update("t", Key.of("p", "new"), UpdateAction.add("m", 1))
                    .when(Condition.attributeEquals("n", Value.of(2000)))));
            steps.add(s -> s.update("t", Key.of("p", "neg"), UpdateAction.add("n", -120)));
            steps.add(s -> s.update(Write.update("t", Key.of("p", "neg"), UpdateAction.add("n", 1))
                    .when(Condition.attributeEquals("n", Value.of(-120)))));
            Key big = Key.of("p", "big");
            steps.add(s -> {
                s.put("t", Item.builder(big).put("n", (1L << 53) - 2).put("s", "text").build());
                return s.update("t", big, UpdateAction.add("n", 1));
            });
            steps.add(s -> s.update("t", big, UpdateAction.add("n", 1)));
            steps.add(s -> s.update("t", big, UpdateAction.add("n", 1)));
            steps.add(s -> s.update("t", big, UpdateAction.add("n", -10)));
            Key fraction = Key.of("p", "fraction");
            steps.add(s -> {
                s.put("t", Item.builder(fraction).put("n", new BigDecimal("1.5")).build());
                return s.update("t", fraction, UpdateAction.add("n", 1));
            });
            steps.add(s -> s.update("t", fraction, UpdateAction.add("n", new BigDecimal("0.5"))));
            steps.add(s -> s.update("t", fraction, UpdateAction.add("n", 1)));
            Key listed = Key.of("p", "list");
            steps.add(s -> {
                s.put("t", Item.builder(listed).put("l", Value.list(List.of(Value.of(1), Value.of("a")))).build());
                return s.update("t", listed, UpdateAction.add("n", 2));
            });
            Key text = Key.of("p", "text");
            steps.add(s -> {
                s.put("t", Item.builder(text).put("n", "not a number").build());
                return s.update("t", text, UpdateAction.add("n", 2));
            });
            Key full = Key.of("p", "full");
            steps.add(s -> {
                s.put("t", Item.builder(full).put("pad", "x".repeat(280)).put("n", 9).build());
                return s.update("t", full, UpdateAction.add("n", 1));
            });
            steps.add(s -> s.update("t", full, UpdateAction.add("n", 1_000_000_000L)));
            for (int i = 0; i < steps.size(); i++) {
                Object expected = outcome(steps.get(i), memory);
                Object actual = outcome(steps.get(i), redis);
                assertEquals(expected, actual, "step " + i);
            }
            for (String sort : List.of("c", "none", "new", "neg", "big", "fraction", "list", "text", "full")) {
                assertEquals(memory.get("t", Key.of("p", sort)), redis.get("t", Key.of("p", sort)), sort);
            }
            assertEquals(List.of("big", "c", "fraction", "full", "list", "neg", "new", "text"),
                    redis.queryAll(dev.nosqlpatterns.store.model.Query.in("t", "p")).map(i -> i.key().sort()).toList(),
                    "created items are in the partition's sort keys");
        }
    }

    @Test
    void aCounterAddIsOneRoundTrip() {
        String prefix = "nspar" + System.nanoTime() + ":";
        try (Store redis = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build()) {
            redis.createTable(TableSpec.named("t"));
            redis.update("t", Key.of("p", "c"), UpdateAction.add("n", 1));
            List<OperationCost> costs = new ArrayList<>();
            redis.measure(costs::add, () -> {
                Item after = redis.update("t", Key.of("p", "c"), UpdateAction.add("n", 41));
                assertEquals(Optional.of(42L), after.getLong("n"));
            });
            assertEquals(1, costs.get(0).roundTrips());
            redis.update("t", Key.of("p", "c"), UpdateAction.add("n", new BigDecimal("0.5")));
            costs.clear();
            redis.measure(costs::add, () -> {
                redis.update("t", Key.of("p", "c"), UpdateAction.add("n", 1));
            });
            assertEquals(3, costs.get(0).roundTrips(), "a fraction in the item: the script declines, then read and compare-and-set");
        }
    }

    /** The item a step returned, or the class of what it threw. */
    private static Object outcome(Function<Store, Object> step, Store store) {
        try {
            return step.apply(store);
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }

    @Test
    void aWrongTypeIsRefusedAsTheReferenceRefusesIt() {
        String prefix = "nspaw" + System.nanoTime() + ":";
        try (Store redis = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build()) {
            redis.createTable(TableSpec.named("t"));
            redis.put("t", Item.builder("p", "s").put("n", Value.stringSet(List.of("a"))).build());
            assertThrows(dev.nosqlpatterns.store.model.InvalidRequestException.class,
                    () -> redis.update("t", Key.of("p", "s"), UpdateAction.add("n", 1)));
        }
    }
}
