package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Storage-Attached Indexes behind {@link NativeSecondaryIndexes}: one table, built once, read many ways. */
class CassandraIndexTest {
    private static Store store;
    private static String t;

    @BeforeAll
    static void open() {
        store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build();
        t = CassandraTestSupport.uniqueName("ix");
        store.createTable(TableSpec.builder(t)
                .attribute("city", Value.Type.STRING)
                .attribute("age", Value.Type.NUMBER)
                .attribute("name", Value.Type.STRING)
                .attribute("tags", Value.Type.STRING_SET)
                .index(IndexSpec.of("byCity", "city", "name"))
                .index(IndexSpec.of("byAge", "age"))
                .index(IndexSpec.of("byTeam", "team"))
                .build());
        assertTrue(store.extension(NativeIndexes.class).isEmpty(), "reached through store.queryIndex, never handed out");
        store.put(t, person("u1", "London", 36, "ada"));
        store.put(t, person("u2", "London", 41, "alan"));
        store.put(t, person("u3", "London", 36, "charles"));
        store.put(t, person("u4", "Arlington", 85, "grace"));
        store.put(t, Item.builder("u5", "profile").put("city", "London").build()); // no name: not in byCity
        store.put(t, Item.builder("u6", "profile").put("city", Value.of(7)).put("name", "typo").build());
        store.put(t, Item.builder("u7", "profile").put("team", "blue").put("name", "x").build());
        store.put(t, Item.builder("u8", "profile").put("team", Value.of(3)).build());
    }

    @AfterAll
    static void close() {
        store.dropTable(t);
        store.close();
    }

    private static Item person(String id, String city, long age, String name) {
        return Item.builder(id, "profile").put("city", city).put("age", age).put("name", name)
                .put("tags", Value.stringSet("a", "b")).build();
    }

    private static List<String> ids(Page page) {
        return page.items().stream().map(i -> i.key().partition()).toList();
    }

    @Test
    void findsByValueOrderedBySortAttribute() {
        assertEquals(List.of("u1", "u2", "u3"), ids(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London")))));
        assertEquals(List.of("u3", "u2", "u1"),
                ids(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London")).descending())));
        assertEquals(List.of("u1", "u2"), ids(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London"))
                .where(SortKeyCondition.beginsWith("a")))));
        assertTrue(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Paris"))).items().isEmpty());
    }

    @Test
    void returnsWholeItems() {
        Item first = store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London")).limit(1)).items().get(0);
        assertEquals(person("u1", "London", 36, "ada"), first);
    }

    @Test
    void pagesWithCursors() {
        List<String> all = new ArrayList<>();
        IndexQuery q = IndexQuery.of(t, "byCity", Value.of("London")).limit(2);
        Page page = store.queryIndex(q);
        all.addAll(ids(page));
        assertTrue(page.hasNext());
        page = store.queryIndex(q.after(page.next().orElseThrow()));
        all.addAll(ids(page));
        assertFalse(page.hasNext());
        assertEquals(List.of("u1", "u2", "u3"), all);
        Page other = store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London")).limit(1));
        assertThrows(InvalidRequestException.class,
                () -> store.queryIndex(IndexQuery.of(t, "byAge", Value.of(36)).after(other.next().orElseThrow())));
    }

    @Test
    void numbersMatchNumerically() {
        assertEquals(List.of("u1", "u3"), ids(store.queryIndex(IndexQuery.of(t, "byAge", Value.of(36)))));
        assertEquals(List.of("u1", "u3"), ids(store.queryIndex(IndexQuery.of(t, "byAge",
                Value.of(new java.math.BigDecimal("36.00"))))));
        assertTrue(store.queryIndex(IndexQuery.of(t, "byAge", Value.of("36"))).items().isEmpty());
    }

    @Test
    void undeclaredAttributesAreIndexedByExactValue() {
        assertEquals(List.of("u7"), ids(store.queryIndex(IndexQuery.of(t, "byTeam", Value.of("blue")))));
        assertEquals(List.of("u8"), ids(store.queryIndex(IndexQuery.of(t, "byTeam", Value.of(3)))));
    }

    @Test
    void theIndexFollowsWritesAndSkipsMismatchedTypes() {
        String id = "moving";
        store.put(t, person(id, "Oslo", 50, "nils"));
        assertEquals(List.of(id), ids(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Oslo")))));
        store.update(t, Key.of(id, "profile"), UpdateAction.set("city", Value.of("Bergen")));
        assertTrue(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Oslo"))).items().isEmpty());
        assertEquals(List.of(id), ids(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Bergen")))));
        store.delete(t, Key.of(id, "profile"));
        assertTrue(store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Bergen"))).items().isEmpty());
        assertTrue(store.queryIndex(IndexQuery.of(t, "byCity", Value.of(7))).items().isEmpty(),
                "a number where a string is declared is kept in the item but not indexed");
        assertEquals(Value.of(7), store.get(t, Key.of("u6", "profile")).orElseThrow().get("city").orElseThrow());
    }

    @Test
    void anUnknownIndexIsRefused() {
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(t, "byNothing", Value.of(1))));
    }
}
