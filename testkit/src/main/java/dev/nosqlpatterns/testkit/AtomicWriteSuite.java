package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Multi-item atomic writes: all or nothing, where the store offers them, and a clear refusal where not. */
public abstract class AtomicWriteSuite extends StoreSuite {

    @Test
    void allWritesOfDifferentKindsApplyTogether() {
        assumeCapability(Capability.ATOMIC_WRITES);
        String a = newTable();
        String b = newTable();
        store.put(a, item("u1", "profile", "n", 1));
        store.put(b, item("x", "old"));
        store.writeAtomically(List.of(
                Write.put(a, item("u2", "profile", "n", 2)).when(Condition.ifAbsent()),
                Write.update(a, Key.of("u1", "profile"), UpdateAction.add("n", 10)),
                Write.delete(b, Key.of("x", "old")),
                Write.put(b, item("idx", "u2"))));
        assertEquals(11L, store.get(a, Key.of("u1", "profile")).orElseThrow().getLong("n").orElseThrow());
        assertTrue(store.get(a, Key.of("u2", "profile")).isPresent());
        assertTrue(store.get(b, Key.of("x", "old")).isEmpty());
        assertTrue(store.get(b, Key.of("idx", "u2")).isPresent());
    }

    @Test
    void oneFailedConditionWritesNothing() {
        assumeCapability(Capability.ATOMIC_WRITES);
        String t = newTable();
        store.put(t, item("taken", "unique"));
        store.put(t, item("u1", "profile", "n", 1));
        ConditionFailedException e = assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.update(t, Key.of("u1", "profile"), UpdateAction.add("n", 1)),
                Write.put(t, item("u9", "profile")),
                Write.put(t, item("taken", "unique", "owner", "u9")).when(Condition.ifAbsent()))));
        assertEquals(1L, store.get(t, Key.of("u1", "profile")).orElseThrow().getLong("n").orElseThrow());
        assertTrue(store.get(t, Key.of("u9", "profile")).isEmpty());
        assertTrue(store.get(t, Key.of("taken", "unique")).orElseThrow().attributes().isEmpty());
        e.writeIndex().ifPresent(i -> assertEquals(2, i));
    }

    @Test
    void aCheckGuardsWritesToOtherItems() {
        assumeCapability(Capability.ATOMIC_WRITES);
        String t = newTable();
        store.put(t, item("acct", "a", "status", "frozen"));
        assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.check(t, Key.of("acct", "a"), Condition.attributeEquals("status", Value.of("open"))),
                Write.put(t, item("ledger", "1")))));
        assertTrue(store.get(t, Key.of("ledger", "1")).isEmpty());
        store.writeAtomically(List.of(
                Write.check(t, Key.of("acct", "a"), Condition.attributeEquals("status", Value.of("frozen"))),
                Write.put(t, item("ledger", "1"))));
        assertTrue(store.get(t, Key.of("ledger", "1")).isPresent());
    }

    @Test
    void singlePartitionAtomicWrites() {
        assumeCapability(Capability.ATOMIC_WRITES_SINGLE_PARTITION);
        String t = newTable();
        store.put(t, item("order1", "head", "lines", 0));
        store.writeAtomically(List.of(
                Write.put(t, item("order1", "line#1")).when(Condition.ifAbsent()),
                Write.update(t, Key.of("order1", "head"), UpdateAction.add("lines", 1))
                        .when(Condition.attributeEquals("lines", Value.of(0)))));
        assertThrows(ConditionFailedException.class, () -> store.writeAtomically(List.of(
                Write.put(t, item("order1", "line#2")).when(Condition.ifAbsent()),
                Write.update(t, Key.of("order1", "head"), UpdateAction.add("lines", 1))
                        .when(Condition.attributeEquals("lines", Value.of(0))))));
        assertTrue(store.get(t, Key.of("order1", "line#2")).isEmpty());
        assertEquals(1L, store.get(t, Key.of("order1", "head")).orElseThrow().getLong("lines").orElseThrow());
    }

    @Test
    void storesWithoutAtomicWritesRefuseThemClearly() {
        org.junit.jupiter.api.Assumptions.assumeFalse(store.has(Capability.ATOMIC_WRITES),
                "the store has atomic writes; this test is for stores without them");
        String t = newTable();
        UnsupportedCapabilityException e = assertThrows(UnsupportedCapabilityException.class, () -> store.writeAtomically(
                List.of(Write.put(t, item("a", "1")), Write.put(t, item("b", "1")))));
        assertEquals(Capability.ATOMIC_WRITES, e.capability());
        assertTrue(store.get(t, Key.of("a", "1")).isEmpty());
    }

    @Test
    void anItemTwiceOrTooManyWritesAreRefusedBeforeWriting() {
        String t = newTable();
        assertThrows(InvalidRequestException.class, () -> store.writeAtomically(List.of(
                Write.put(t, item("a", "1")), Write.delete(t, Key.of("a", "1")))));
        int max = store.limits().maxAtomicWriteItems();
        if (max < 10_000 && store.has(Capability.ATOMIC_WRITES)) {
            List<Write> tooMany = new ArrayList<>();
            for (int i = 0; i <= max; i++) {
                tooMany.add(Write.put(t, item("p" + i, "s")));
            }
            assertThrows(InvalidRequestException.class, () -> store.writeAtomically(tooMany));
        }
        assertTrue(store.get(t, Key.of("p0", "s")).isEmpty());
        assertTrue(store.get(t, Key.of("a", "1")).isEmpty());
    }
}
