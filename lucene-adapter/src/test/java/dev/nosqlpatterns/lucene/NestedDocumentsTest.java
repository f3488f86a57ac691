package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Block-join element queries: one element must match every field, and the blocks follow every write. */
class NestedDocumentsTest {
    private Store store;
    private dev.nosqlpatterns.store.NestedDocumentCalls nested;
    private final String table = "nested" + System.nanoTime();

    private static Value line(String sku, long qty) {
        return Value.map(Map.of("sku", Value.of(sku), "qty", Value.of(qty)));
    }

    @BeforeEach
    void open() {
        store = Store.of(LuceneFixture.openBackend());
        store.createTable(TableSpec.named(table));
        nested = store.nestedDocuments();
        store.put(table, Item.builder("order1", "o").put("lines", Value.list(line("apple", 2), line("pear", 5))).build());
        store.put(table, Item.builder("order2", "o").put("lines", Value.list(line("apple", 5), line("fig", 1))).build());
        store.put(table, Item.builder("order3", "o").put("other", Value.list(line("apple", 2))).build());
    }

    @AfterEach
    void close() {
        store.dropTable(table);
        store.close();
    }

    private List<String> find(Map<String, Value> fields) {
        return nested.findByElement(table, "lines", fields, 10).stream().map(Key::partition).toList();
    }

    @Test
    void oneElementMustMatchEveryField() {
        assertEquals(List.of("order1"), find(Map.of("sku", Value.of("apple"), "qty", Value.of(2))));
        assertEquals(List.of("order2"), find(Map.of("sku", Value.of("apple"), "qty", Value.of(5))));
        assertEquals(List.of(), find(Map.of("sku", Value.of("pear"), "qty", Value.of(2))));
        assertEquals(List.of("order1", "order2"), find(Map.of("sku", Value.of("apple"))));
        assertEquals(List.of("order1", "order2"), find(Map.of("qty", Value.of(new java.math.BigDecimal("5.0")))));
    }

    @Test
    void putsUpdatesAndDeletesReplaceTheElements() {
        store.put(table, Item.builder("order1", "o").put("lines", Value.list(line("kiwi", 2))).build());
        assertEquals(List.of(), find(Map.of("sku", Value.of("pear"))));
        assertEquals(List.of("order1"), find(Map.of("sku", Value.of("kiwi"))));
        store.update(table, Key.of("order2", "o"), UpdateAction.remove("lines"));
        assertEquals(List.of(), find(Map.of("sku", Value.of("fig"))));
        store.writeAtomically(List.of(Write.delete(table, Key.of("order1", "o")),
                Write.put(table, Item.builder("order4", "o").put("lines", Value.list(line("kiwi", 9))).build())));
        assertEquals(List.of("order4"), find(Map.of("sku", Value.of("kiwi"))));
        assertEquals(Value.list(line("kiwi", 9)), store.get(table, Key.of("order4", "o")).orElseThrow()
                .get("lines").orElseThrow());
    }

    @Test
    void longValuesAndLimitsWork() {
        String longSku = "s".repeat(5000);
        store.put(table, Item.builder("order5", "o").put("lines", Value.list(line(longSku, 1))).build());
        assertEquals(List.of("order5"), find(Map.of("sku", Value.of(longSku))));
        assertEquals(1, nested.findByElement(table, "lines", Map.of("sku", Value.of("apple")), 1).size());
    }

    @Test
    void otherTablesAndUndeclaredTables() {
        String other = table + "b";
        store.createTable(TableSpec.named(other));
        store.put(other, Item.builder("order1", "o").put("lines", Value.list(line("apple", 2))).build());
        assertEquals(List.of("order1"), find(Map.of("sku", Value.of("apple"), "qty", Value.of(2))));
        store.dropTable(other);
        assertThrows(TableNotFoundException.class, () -> nested.findByElement("nope", "lines", Map.of(), 1));
    }
}
