package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Atomic writes within one partition (conditional batches), which the kit's cross-partition tests skip. */
class CassandraAtomicWriteTest {
    private Store store;
    private String t;

    @BeforeEach
    void open() {
        store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build();
        t = CassandraTestSupport.uniqueName("atomic");
        store.createTable(TableSpec.named(t));
    }

    @AfterEach
    void close() {
        store.dropTable(t);
        store.close();
    }

    private static Item item(String p, String s, String name, long n) {
        return Item.builder(p, s).put(name, n).build();
    }

    @Test
    void declaresSinglePartitionAtomicityOnly() {
        assertTrue(store.has(Capability.ATOMIC_WRITES_SINGLE_PARTITION));
        assertFalse(store.has(Capability.ATOMIC_WRITES));
        assertThrows(UnsupportedCapabilityException.class, () -> store.writeAtomically(List.of(
                Write.put(t, Item.of(Key.of("a", "1"))), Write.put(t, Item.of(Key.of("b", "1"))))));
    }

    @Test
    void writesOfEveryKindApplyTogether() {
        store.put(t, item("acct", "head", "n", 1));
        store.put(t, Item.of(Key.of("acct", "old")));
        store.put(t, Item.builder("acct", "flag").put("state", "open").build());
        store.writeAtomically(List.of(
                Write.put(t, Item.of(Key.of("acct", "new"))).when(Condition.ifAbsent()),
                Write.update(t, Key.of("acct", "head"), UpdateAction.add("n", 10)),
                Write.delete(t, Key.of("acct", "old")).when(Condition.ifExists()),
                Write.check(t, Key.of("acct", "flag"), Condition.attributeEquals("state", Value.of("open"))),
                Write.check(t, Key.of("acct", "ghost"), Condition.ifAbsent()),
                Write.update(t, Key.of("acct", "counter"), UpdateAction.add("c", 1))));
        assertEquals(11L, store.get(t, Key.of("acct", "head")).orElseThrow().getLong("n").orElseThrow());
        assertTrue(store.get(t, Key.of("acct", "new")).isPresent());
        assertTrue(store.get(t, Key.of("acct", "old")).isEmpty());
        assertEquals("open", store.get(t, Key.of("acct", "flag")).orElseThrow().getString("state").orElseThrow());
        assertTrue(store.get(t, Key.of("acct", "ghost")).isEmpty(), "a check writes nothing");
        assertEquals(1L, store.get(t, Key.of("acct", "counter")).orElseThrow().getLong("c").orElseThrow());
    }

    @Test
    void oneFailedConditionWritesNothingAndNamesTheWrite() {
        store.put(t, Item.of(Key.of("p", "taken")));
        store.put(t, item("p", "head", "n", 1));
        store.put(t, item("p", "d", "n", 1));
        ConditionFailedException e = assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.update(t, Key.of("p", "head"), UpdateAction.add("n", 1)),
                Write.put(t, Item.of(Key.of("p", "other"))),
                Write.delete(t, Key.of("p", "d")).when(Condition.attributeEquals("n", Value.of(1))),
                Write.put(t, Item.builder("p", "taken").put("owner", "me").build()).when(Condition.ifAbsent()))));
        assertEquals(3, e.writeIndex().orElseThrow());
        assertEquals(1L, store.get(t, Key.of("p", "head")).orElseThrow().getLong("n").orElseThrow());
        assertTrue(store.get(t, Key.of("p", "other")).isEmpty());
        assertTrue(store.get(t, Key.of("p", "d")).isPresent());
        assertTrue(store.get(t, Key.of("p", "taken")).orElseThrow().attributes().isEmpty());
    }

    @Test
    void aCheckOfAPresentItemLeavesItAsItWas() {
        store.put(t, Item.builder("p", "a").put("status", "frozen").build());
        assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.check(t, Key.of("p", "a"), Condition.attributeEquals("status", Value.of("open"))),
                Write.put(t, Item.of(Key.of("p", "ledger"))))));
        assertTrue(store.get(t, Key.of("p", "ledger")).isEmpty());
        store.writeAtomically(List.of(
                Write.check(t, Key.of("p", "a"), Condition.ifExists()),
                Write.put(t, Item.of(Key.of("p", "ledger")))));
        assertEquals(Item.builder("p", "a").put("status", "frozen").build(), store.get(t, Key.of("p", "a")).orElseThrow());
        assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.check(t, Key.of("p", "a"), Condition.ifAbsent()),
                Write.delete(t, Key.of("p", "ledger")))));
        assertTrue(store.get(t, Key.of("p", "ledger")).isPresent());
    }

    @Test
    void concurrentAtomicWritesLoseNoIncrement() throws Exception {
        store.put(t, item("p", "a", "n", 0));
        store.put(t, item("p", "b", "n", 0));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                done.add(pool.submit(() -> {
                    for (int j = 0; j < 10; j++) {
                        store.writeAtomically(List.of(Write.update(t, Key.of("p", "a"), UpdateAction.add("n", 1)),
                                Write.update(t, Key.of("p", "b"), UpdateAction.add("n", -1))));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(40L, store.get(t, Key.of("p", "a")).orElseThrow().getLong("n").orElseThrow());
        assertEquals(-40L, store.get(t, Key.of("p", "b")).orElseThrow().getLong("n").orElseThrow());
    }
}
