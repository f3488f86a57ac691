package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The limits the adapter declares hold on a real node: keys of 64 KiB and items of 1 MiB work everywhere. */
class CassandraLimitsTest {
    private Store store;
    private String t;

    @BeforeEach
    void open() {
        store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build();
        t = CassandraTestSupport.uniqueName("limits");
        store.createTable(TableSpec.named(t));
    }

    @AfterEach
    void close() {
        store.dropTable(t);
        store.close();
    }

    @Test
    void keysOfTheLargestDeclaredSizeWorkInEveryOperation() {
        String pk = "p".repeat(CassandraStore.LIMITS.maxPartitionKeyBytes() - 2) + "\u00e9"; // 2-byte char at the end
        String sk = "s".repeat(CassandraStore.LIMITS.maxSortKeyBytes() - 4) + "\uD83D\uDE00";
        Key key = Key.of(pk, sk);
        store.put(t, Item.of(key));
        store.put(new Write.Put(t, Item.builder(key).put("a", "x").build(), Condition.ifExists()));
        assertEquals(1L, store.update(t, key, UpdateAction.add("n", 1)).getLong("n").orElseThrow());
        assertTrue(store.get(t, key).isPresent());
        assertEquals(1, store.query(Query.in(t, pk).where(SortKeyCondition.beginsWith("sss"))).items().size());
        assertEquals(1, store.getAll(List.of(new ItemRef(t, key))).items().size());
        assertEquals(1, store.scanAll(Scan.of(t)).count());
        store.writeAtomically(List.of(Write.update(t, key, UpdateAction.add("n", 1)),
                Write.put(t, Item.of(Key.of(pk, "other")))));
        store.delete(new Write.Delete(t, key, Condition.ifExists()));
        assertTrue(store.get(t, key).isEmpty());
        assertThrows(InvalidKeyException.class, () -> store.put(t, Item.of(Key.of(pk + "x", "s"))));
    }

    @Test
    void itemsOfTheLargestDeclaredSizeWorkWithTransactions() {
        int max = CassandraStore.LIMITS.maxItemBytes();
        Key key = Key.of("p", "s");
        String filler = "x".repeat(max - 2 - "data".length() - "n".length() - 2);
        Item big = Item.builder(key).put("data", filler).build();
        store.put(new Write.Put(t, big, Condition.ifAbsent()));
        Item after = store.update(t, key, UpdateAction.add("n", 1));
        assertEquals(max, after.sizeInBytes());
        assertEquals(after, store.get(t, key).orElseThrow());
        assertThrows(dev.nosqlpatterns.store.model.ItemTooLargeException.class,
                () -> store.update(t, key, UpdateAction.set("more", Value.of("yy"))));
        assertEquals(after, store.get(t, key).orElseThrow());
    }
}
