package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import org.junit.jupiter.api.Test;

/** Conditional writes: the condition is checked atomically and a failed one writes nothing. */
public abstract class ConditionSuite extends StoreSuite {
    private final Key key = Key.of("p", "s");

    @Test
    void putIfAbsentWritesOnlyOnce() {
        String t = newTable();
        store.put(t, item("p", "s", "v", "first"), Condition.ifAbsent());
        ConditionFailedException e = assertThrows(ConditionFailedException.class,
                () -> store.put(t, item("p", "s", "v", "second"), Condition.ifAbsent()));
        assertEquals("first", store.get(t, key).orElseThrow().getString("v").orElseThrow());
        assertEquals(t, e.table().orElseThrow());
        assertEquals(key, e.key().orElseThrow());
        assertTrue(e.getMessage().contains(t) && e.getMessage().contains("p"), e.getMessage());
    }

    @Test
    void putIfExistsFailsOnAnAbsentItem() {
        String t = newTable();
        assertThrows(ConditionFailedException.class, () -> store.put(t, item("p", "s"), Condition.ifExists()));
        assertTrue(store.get(t, key).isEmpty());
        store.put(t, item("p", "s", "v", "1"));
        store.put(t, item("p", "s", "v", "2"), Condition.ifExists());
        assertEquals("2", store.get(t, key).orElseThrow().getString("v").orElseThrow());
    }

    @Test
    void putIfAttributeEqualsIsOptimisticVersioning() {
        String t = newTable();
        store.put(t, item("p", "s", "version", 1, "v", "a"));
        store.put(t, item("p", "s", "version", 2, "v", "b"), Condition.attributeEquals("version", Value.of(1)));
        assertThrows(ConditionFailedException.class,
                () -> store.put(t, item("p", "s", "version", 2, "v", "c"), Condition.attributeEquals("version", Value.of(1))));
        assertEquals("b", store.get(t, key).orElseThrow().getString("v").orElseThrow());
    }

    @Test
    void attributeEqualsFailsWhenTheAttributeOrItemIsMissing() {
        String t = newTable();
        assertThrows(ConditionFailedException.class,
                () -> store.put(t, item("p", "s"), Condition.attributeEquals("v", Value.of("x"))));
        store.put(t, item("p", "s", "other", "x"));
        assertThrows(ConditionFailedException.class,
                () -> store.put(t, item("p", "s", "v", "y"), Condition.attributeEquals("v", Value.of("x"))));
        assertEquals(item("p", "s", "other", "x"), store.get(t, key).orElseThrow());
    }

    @Test
    void attributeEqualsComparesTypesAndValuesExactly() {
        String t = newTable();
        store.put(t, item("p", "s", "v", "1", "set", Value.stringSet("a", "b"), "n", Value.of(new java.math.BigDecimal("2.50"))));
        assertThrows(ConditionFailedException.class,
                () -> store.delete(new Write.Delete(t, key, Condition.attributeEquals("v", Value.of(1)))));
        store.put(new Write.Put(t, item("p", "s", "v", "2", "n", Value.of(new java.math.BigDecimal("2.5"))),
                Condition.attributeEquals("set", Value.stringSet("b", "a"))));
        store.put(new Write.Put(t, item("p", "s", "v", "3"), Condition.attributeEquals("n", Value.of(2.5))));
        assertEquals("3", store.get(t, key).orElseThrow().getString("v").orElseThrow());
    }

    @Test
    void conditionalDelete() {
        String t = newTable();
        store.put(t, item("p", "s", "state", "open"));
        assertThrows(ConditionFailedException.class,
                () -> store.delete(new Write.Delete(t, key, Condition.attributeEquals("state", Value.of("closed")))));
        assertTrue(store.get(t, key).isPresent());
        store.delete(new Write.Delete(t, key, Condition.attributeEquals("state", Value.of("open"))));
        assertTrue(store.get(t, key).isEmpty());
        assertThrows(ConditionFailedException.class, () -> store.delete(new Write.Delete(t, key, Condition.ifExists())));
    }

    @Test
    void conditionalUpdate() {
        String t = newTable();
        assertThrows(ConditionFailedException.class, () -> store.update(
                Write.update(t, key, UpdateAction.add("n", 1)).when(Condition.ifExists())));
        assertTrue(store.get(t, key).isEmpty(), "a failed conditional update must not create the item");
        store.update(Write.update(t, key, UpdateAction.add("n", 1)).when(Condition.ifAbsent()));
        store.update(Write.update(t, key, UpdateAction.add("n", 1)).when(Condition.attributeEquals("n", Value.of(1))));
        assertThrows(ConditionFailedException.class, () -> store.update(
                Write.update(t, key, UpdateAction.add("n", 1)).when(Condition.attributeEquals("n", Value.of(1)))));
        assertEquals(2L, store.get(t, key).orElseThrow().getLong("n").orElseThrow());
    }
}
