package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import org.junit.jupiter.api.Test;

/** Items written and read back with every attribute type. */
public abstract class ItemSuite extends StoreSuite {
    @Test
    void putThenGet() {
        String t = newTable();
        store.put(t, item("p", "s", "a", "x"));
        assertEquals(item("p", "s", "a", "x"), store.get(t, Key.of("p", "s")).orElseThrow());
        assertTrue(store.get(t, Key.of("p", "other")).isEmpty());
    }
}
