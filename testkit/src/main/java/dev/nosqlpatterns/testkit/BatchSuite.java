package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Batch gets and batch writes, larger than any store's single request. */
public abstract class BatchSuite extends StoreSuite {

    @Test
    void batchGetAcrossTablesReportsFoundAndMissingInOrder() {
        String a = newTable();
        String b = newTable();
        store.put(a, item("p", "1", "v", "a1"));
        store.put(b, item("p", "1", "v", "b1"));
        store.put(b, item("q", "2", "v", "b2"));
        List<ItemRef> refs = List.of(ItemRef.of(b, "q", "2"), ItemRef.of(a, "p", "1"), ItemRef.of(a, "nope", "1"),
                ItemRef.of(b, "p", "1"), ItemRef.of(a, "p", "1"));
        BatchGetResult result = store.getAll(refs);
        assertEquals(List.of("b2", "a1", "b1"), result.items().stream().map(i -> i.getString("v").orElseThrow()).toList());
        assertEquals(List.of(ItemRef.of(a, "nope", "1")), result.missing());
        assertEquals("a1", result.get(ItemRef.of(a, "p", "1")).orElseThrow().getString("v").orElseThrow());
    }

    @Test
    void batchGetOfManyKeys() {
        String t = newTable();
        List<Write> writes = new ArrayList<>();
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < 260; i++) {
            Key k = Key.of("p" + (i % 17), "s" + i);
            keys.add(k);
            if (i % 3 != 0) {
                writes.add(Write.put(t, item(k.partition(), k.sort(), "i", i)));
            }
        }
        store.writeBatch(writes);
        BatchGetResult result = store.getAll(t, keys);
        assertEquals(writes.size(), result.items().size());
        assertEquals(260 - writes.size(), result.missing().size());
        for (int i = 0; i < result.items().size(); i++) {
            assertTrue(result.items().get(i).getLong("i").orElseThrow() % 3 != 0);
        }
        assertEquals(List.of(), store.getAll(List.of()).items());
    }

    @Test
    void batchWriteOfPutsAndDeletes() {
        String t = newTable();
        List<Write> puts = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            puts.add(Write.put(t, item("p", String.format("%03d", i))));
        }
        store.writeBatch(puts);
        List<Write> deletes = new ArrayList<>();
        for (int i = 0; i < 120; i += 2) {
            deletes.add(Write.delete(t, Key.of("p", String.format("%03d", i))));
        }
        store.writeBatch(deletes);
        assertEquals(60, store.queryAll(Query.in(t, "p")).count());
        assertTrue(store.get(t, Key.of("p", "001")).isPresent());
        assertTrue(store.get(t, Key.of("p", "000")).isEmpty());
    }

    @Test
    void theLastWriteToAnItemInABatchWins() {
        String t = newTable();
        store.writeBatch(List.of(Write.put(t, item("p", "s", "v", "1")), Write.put(t, item("p", "s", "v", "2")),
                Write.put(t, item("p", "d")), Write.delete(t, Key.of("p", "d"))));
        assertEquals("2", store.get(t, Key.of("p", "s")).orElseThrow().getString("v").orElseThrow());
        assertTrue(store.get(t, Key.of("p", "d")).isEmpty());
    }

    @Test
    void aBatchRefusesConditionsAndUpdatesBeforeWritingAnything() {
        String t = newTable();
        assertThrows(InvalidRequestException.class, () -> store.writeBatch(List.of(
                Write.put(t, item("p", "1")), Write.put(t, item("p", "2")).when(Condition.ifAbsent()))));
        assertThrows(InvalidRequestException.class, () -> store.writeBatch(List.of(
                Write.put(t, item("p", "1")), Write.update(t, Key.of("p", "3"), UpdateAction.add("n", 1)))));
        assertEquals(0, store.queryAll(Query.in(t, "p")).count());
    }
}
