package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.model.IndexQuery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Native secondary indexes: lexicographic sorted sets kept in step with the items by the write script. */
class RedisIndexTest {
    private static final String T = "orders";
    private Store store;

    @BeforeEach
    void open() {
        store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspi" + System.nanoTime() + ":").build();
        store.createTable(TableSpec.builder(T)
                .index(IndexSpec.of("byStatus", "status", "placed"))
                .index(IndexSpec.of("byCustomer", "customer"))
                .build());
    }

    @AfterEach
    void close() {
        store.dropTable(T);
        store.close();
    }

    private static Item order(String customer, String id, String status, String placed) {
        Item.Builder b = Item.builder(customer, id).put("customer", customer);
        if (status != null) {
            b.put("status", status);
        }
        if (placed != null) {
            b.put("placed", placed);
        }
        return b.build();
    }

    private List<String> ids(IndexQuery q) {
        List<String> out = new ArrayList<>();
        Page page = store.queryIndex(q);
        page.items().forEach(i -> out.add(i.key().sort()));
        while (page.hasNext()) {
            page = store.queryIndex(q.after(page.next().get()));
            page.items().forEach(i -> out.add(i.key().sort()));
        }
        return out;
    }

    @Test
    void readsOneIndexPartitionInSortValueOrderBothWays() {
        store.put(T, order("c1", "o1", "open", "2024-05-03"));
        store.put(T, order("c2", "o2", "open", "2024-05-01"));
        store.put(T, order("c1", "o3", "shipped", "2024-05-02"));
        store.put(T, order("c3", "o4", "open", "2024-05-02"));
        store.put(T, order("c3", "o5", null, "2024-05-02"));
        IndexQuery open = IndexQuery.of(T, "byStatus", Value.of("open"));
        assertEquals(List.of("o2", "o4", "o1"), ids(open));
        assertEquals(List.of("o1", "o4", "o2"), ids(open.descending()));
        assertEquals(List.of("o2", "o4", "o1"), ids(open.limit(1)));
        assertEquals(List.of("o1", "o4", "o2"), ids(open.descending().limit(2)));
        assertEquals(List.of("o4", "o1"), ids(open.where(SortKeyCondition.greaterThan("2024-05-01"))));
        assertEquals(List.of("o2", "o4"), ids(open.where(SortKeyCondition.lessOrEqual("2024-05-02"))));
        assertEquals(List.of("o2"), ids(open.where(SortKeyCondition.lessThan("2024-05-02"))));
        assertEquals(List.of("o4", "o2"), ids(open.where(SortKeyCondition.between("2024-05-01", "2024-05-02")).descending()));
        assertEquals(List.of("o4"), ids(open.where(SortKeyCondition.equalTo("2024-05-02"))));
        assertEquals(List.of("o2", "o4", "o1"), ids(open.where(SortKeyCondition.beginsWith("2024-05-0"))));
        assertEquals(List.of(), ids(open.where(SortKeyCondition.beginsWith("2024-06"))));
        assertEquals(List.of("o3"), ids(IndexQuery.of(T, "byStatus", Value.of("shipped"))));
        assertEquals(List.of(), ids(IndexQuery.of(T, "byStatus", Value.of("lost"))));
    }

    @Test
    void itemsLackingAnIndexAttributeAreNotIndexed() {
        store.put(T, order("c1", "o1", "open", null));
        store.put(T, order("c1", "o2", null, "2024"));
        assertEquals(List.of(), ids(IndexQuery.of(T, "byStatus", Value.of("open"))));
        assertEquals(List.of("o1", "o2"), ids(IndexQuery.of(T, "byCustomer", Value.of("c1"))));
    }

    @Test
    void writesMoveAndRemoveIndexEntries() {
        store.put(T, order("c1", "o1", "open", "1"));
        store.update(T, Key.of("c1", "o1"), UpdateAction.set("status", Value.of("shipped")));
        assertEquals(List.of(), ids(IndexQuery.of(T, "byStatus", Value.of("open"))));
        assertEquals(List.of("o1"), ids(IndexQuery.of(T, "byStatus", Value.of("shipped"))));
        store.update(T, Key.of("c1", "o1"), UpdateAction.remove("placed"));
        assertEquals(List.of(), ids(IndexQuery.of(T, "byStatus", Value.of("shipped"))));
        store.put(T, order("c1", "o1", "open", "2"));
        store.writeAtomically(List.of(Write.put(T, order("c2", "o2", "open", "1")),
                new Write.Delete(T, Key.of("c1", "o1"), Condition.ifExists())));
        assertEquals(List.of("o2"), ids(IndexQuery.of(T, "byStatus", Value.of("open"))));
        store.writeBatch(List.of(Write.delete(T, Key.of("c2", "o2")), Write.put(T, order("c3", "o3", "open", "0"))));
        assertEquals(List.of("o3"), ids(IndexQuery.of(T, "byStatus", Value.of("open"))));
        assertEquals(List.of(), ids(IndexQuery.of(T, "byCustomer", Value.of("c2"))));
    }

    @Test
    void sortValuesOrderByUtf8BytesAndTiesByItemKey() {
        String high = "\uFFFD";
        String supplementary = new String(Character.toChars(0x1F600));
        store.put(T, order("c2", "a", "s", supplementary));
        store.put(T, order("c1", "b", "s", high));
        store.put(T, order("c1", "c", "s", "x\u0000y"));
        store.put(T, order("c1", "d", "s", "x"));
        store.put(T, order("c0", "e", "s", "x"));
        assertEquals(List.of("e", "d", "c", "b", "a"), ids(IndexQuery.of(T, "byStatus", Value.of("s"))));
        assertEquals(List.of("e", "d", "c"), ids(IndexQuery.of(T, "byStatus", Value.of("s")).where(SortKeyCondition.beginsWith("x"))));
        assertEquals(List.of("e", "d"), ids(IndexQuery.of(T, "byStatus", Value.of("s")).where(SortKeyCondition.equalTo("x"))));
    }

    @Test
    void itemsWhoseSortAttributeIsNotAStringAreNotIndexed() {
        store.put(T, order("c1", "o1", "open", "1"));
        store.put(T, Item.builder("c1", "o2").put("status", "open").put("placed", 2).build());
        assertEquals(List.of("o1"), ids(IndexQuery.of(T, "byStatus", Value.of("open"))));
    }

    @Test
    void partitionValuesMayBeNumbers() {
        store.createTable(TableSpec.builder("scores").index(IndexSpec.of("byLevel", "level")).build());
        try {
            store.put("scores", Item.builder("p", "1").put("level", 3).build());
            store.put("scores", Item.builder("p", "2").put("level", Value.of(new java.math.BigDecimal("3.00"))).build());
            store.put("scores", Item.builder("p", "3").put("level", 4).build());
            assertEquals(List.of("1", "2"), ids(IndexQuery.of("scores", "byLevel", Value.of(3))));
        } finally {
            store.dropTable("scores");
        }
    }

    @Test
    void unknownIndexesAndForeignCursorsAreRefused() {
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(T, "nope", Value.of("x"))));
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(T, "byStatus", Value.of("x"))
                .after(new dev.nosqlpatterns.store.model.Cursor("q.abc.def"))));
        store.put(T, order("c1", "o1", "open", "1"));
        Page page = store.queryIndex(IndexQuery.of(T, "byCustomer", Value.of("c1")).limit(1));
        assertEquals(1, page.items().size());
        assertFalse(page.hasNext());
        assertTrue(store.has(dev.nosqlpatterns.store.model.Capability.NATIVE_SECONDARY_INDEX));
    }
}
