package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Declared indexes: sparse, kept in step with writes, read by range and page in both directions. */
class SecondaryIndexTest {
    private Store store;
    private final String table = "users" + System.nanoTime();

    @BeforeEach
    void open() {
        store = Store.of(LuceneFixture.openBackend());
        store.createTable(TableSpec.builder(table).index(IndexSpec.of("byCity", "city", "joined"))
                .index(IndexSpec.of("byTeam", "team")).build());
        assertTrue(store.extension(NativeIndexes.class).isEmpty(), "reached through store.queryIndex, never handed out");
        for (int i = 0; i < 30; i++) {
            store.put(table, Item.builder("user" + i, "profile").put("city", i % 2 == 0 ? "Paris" : "Lyon")
                    .put("joined", String.format("2024-%02d", i)).put("team", i % 3).build());
        }
        store.put(table, Item.builder("numeric", "profile").put("city", "Paris").put("joined", 2024).build());
        store.put(table, Item.builder("nocity", "profile").put("joined", "2024-01").build());
    }

    @AfterEach
    void close() {
        store.dropTable(table);
        store.close();
    }

    private List<String> readAll(IndexQuery first) {
        List<String> out = new ArrayList<>();
        IndexQuery q = first;
        while (true) {
            Page page = store.queryIndex(q);
            page.items().forEach(i -> out.add(i.key().partition()));
            if (page.next().isEmpty()) {
                return out;
            }
            q = first.after(page.next().get());
        }
    }

    private static List<String> users(int from, int to, int step) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i += step) {
            out.add("user" + i);
        }
        return out;
    }

    @Test
    void pagesInSortOrderInBothDirections() {
        IndexQuery paris = IndexQuery.of(table, "byCity", Value.of("Paris")).limit(4);
        assertEquals(users(0, 30, 2), readAll(paris));
        List<String> reversed = users(0, 30, 2);
        Collections.reverse(reversed);
        assertEquals(reversed, readAll(paris.descending()));
        assertEquals(users(10, 21, 2), readAll(paris.where(SortKeyCondition.between("2024-10", "2024-20"))));
        assertEquals(users(1, 10, 2), readAll(IndexQuery.of(table, "byCity", Value.of("Lyon"))
                .where(SortKeyCondition.beginsWith("2024-0")).limit(2)));
    }

    @Test
    void numberPartitionsAndIndexesWithoutSortOrderByKey() {
        List<String> team0 = readAll(IndexQuery.of(table, "byTeam", Value.of(0)).limit(3));
        List<String> expected = new ArrayList<>(users(0, 30, 3));
        expected.sort(null);
        assertEquals(expected, team0);
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(table, "byTeam", Value.of(0))
                .where(SortKeyCondition.beginsWith("x"))));
    }

    @Test
    void writesMoveItemsBetweenIndexPartitions() {
        store.update(table, Key.of("user0", "profile"), UpdateAction.set("city", Value.of("Lyon")));
        store.delete(table, Key.of("user2", "profile"));
        store.update(table, Key.of("nocity", "profile"), UpdateAction.set("city", Value.of("Paris")));
        List<String> paris = readAll(IndexQuery.of(table, "byCity", Value.of("Paris")).limit(50));
        assertEquals("nocity", paris.get(0));
        assertEquals(users(4, 30, 2), paris.subList(1, paris.size()));
        assertEquals("user0", readAll(IndexQuery.of(table, "byCity", Value.of("Lyon"))).get(0));
    }

    @Test
    void unknownIndexesAndForeignCursorsAreRefused() {
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(table, "nope", Value.of("x"))));
        Page page = store.queryIndex(IndexQuery.of(table, "byCity", Value.of("Paris")).limit(2));
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(table, "byCity",
                Value.of("Lyon")).limit(2).after(page.next().orElseThrow())));
    }
}
