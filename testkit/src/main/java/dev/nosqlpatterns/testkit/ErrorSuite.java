package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad input gets a specific exception naming the table, the key and the reason, and nothing is written. */
public abstract class ErrorSuite extends StoreSuite {

    private <T extends StoreException> T refused(Class<T> type, String t, Executable call) {
        T e = assertThrows(type, call);
        assertTrue(e.getMessage().contains(t), "message names the table: " + e.getMessage());
        assertEquals(0, store.scanAll(Scan.of(t)).count(), "nothing may be written");
        return e;
    }

    @Test
    void emptyKeysAreRefused() {
        String t = newTable();
        InvalidKeyException e = refused(InvalidKeyException.class, t, () -> store.put(t, item("", "s")));
        assertTrue(e.getMessage().contains("partition key is empty"), e.getMessage());
        e = refused(InvalidKeyException.class, t, () -> store.put(t, item("p", "")));
        assertTrue(e.getMessage().contains("sort key is empty"), e.getMessage());
        assertEquals(Key.of("p", ""), e.key().orElseThrow());
    }

    @Test
    void keysOverTheLimitsAreRefused() {
        String t = newTable();
        String longPartition = "p".repeat(store.limits().maxPartitionKeyBytes() + 1);
        refused(InvalidKeyException.class, t, () -> store.put(t, item(longPartition, "s")));
        String longSort = "é".repeat(store.limits().maxSortKeyBytes() / 2 + 1);
        InvalidKeyException e = refused(InvalidKeyException.class, t, () -> store.put(t, item("p", longSort)));
        assertTrue(e.getMessage().contains("UTF-8 bytes"), e.getMessage());
        store.put(t, item("p".repeat(store.limits().maxPartitionKeyBytes()), "s".repeat(store.limits().maxSortKeyBytes())));
        assertEquals(1, store.scanAll(Scan.of(t)).count());
    }

    @Test
    void unpairedSurrogatesAreRefused() {
        String t = newTable();
        InvalidKeyException e = refused(InvalidKeyException.class, t, () -> store.put(t, item("p", "a\uD800b")));
        assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
        refused(InvalidKeyException.class, t, () -> store.put(t, item("\uDC00", "s")));
        refused(InvalidKeyException.class, t, () -> store.update(t, Key.of("p", "x\uDBFF"), UpdateAction.add("n", 1)));
        refused(InvalidKeyException.class, t, () -> store.get(t, Key.of("p", "\uD800")));
    }

    @Test
    void anItemOverTheSizeLimitIsRefused() {
        String t = newTable();
        Item big = item("p", "s", "data", "x".repeat(store.limits().maxItemBytes()));
        ItemTooLargeException e = refused(ItemTooLargeException.class, t, () -> store.put(t, big));
        assertTrue(e.getMessage().contains(String.valueOf(store.limits().maxItemBytes())), e.getMessage());
        refused(ItemTooLargeException.class, t, () -> store.writeBatch(List.of(Write.put(t, item("p", "ok")), Write.put(t, big))));
    }

    @Test
    void anUpdateThatWouldGrowAnItemPastTheLimitIsRefused() {
        String t = newTable();
        int half = store.limits().maxItemBytes() / 2 + 10;
        store.put(t, item("p", "s", "a", "x".repeat(half)));
        assertThrows(ItemTooLargeException.class,
                () -> store.update(t, Key.of("p", "s"), UpdateAction.set("b", Value.of("y".repeat(half)))));
        Item after = store.get(t, Key.of("p", "s")).orElseThrow();
        assertTrue(!after.has("b"), "nothing may be written");
    }

    @Test
    void anUndeclaredTableIsRefusedWithAHint() {
        String t = newTable();
        TableNotFoundException e = assertThrows(TableNotFoundException.class, () -> store.put(t + "x", item("p", "s")));
        assertTrue(e.getMessage().contains("createTable"), e.getMessage());
        assertThrows(TableNotFoundException.class, () -> store.query(Query.in(t + "x", "p")));
        assertThrows(IllegalArgumentException.class, () -> store.createTable(dev.nosqlpatterns.store.model.TableSpec.named("bad-name")));
    }
}
