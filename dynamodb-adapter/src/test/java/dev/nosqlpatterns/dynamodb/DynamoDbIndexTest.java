package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Global secondary indexes as the native secondary index: an overloaded index in the style of the movie
 * database (crew member {@code nconst}, ordered by {@code startYear}) kept in step with puts, updates and
 * deletes, sparse, paged by cursor, and shared by logical tables without mixing them.
 */
class DynamoDbIndexTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);

    private Store store;
    private final List<String> created = new ArrayList<>();

    @BeforeEach
    void open() {
        store = DynamoDbFixture.builder().build();
    }

    @AfterEach
    void close() {
        created.forEach(store::dropTable);
        store.close();
    }

    private String table(IndexSpec... specs) {
        String name = "ix" + RUN + "_" + TABLES.incrementAndGet();
        TableSpec.Builder b = TableSpec.builder(name);
        for (IndexSpec s : specs) {
            b.index(s);
        }
        store.createTable(b.build());
        created.add(name);
        return name;
    }

    private static Item crew(String title, String role, String nconst, String startYear) {
        return Item.builder(title, "DETL|" + role + "|" + nconst).put("nconst", nconst).put("startYear", startYear)
                .put("role", role).build();
    }

    private static List<String> titles(Page page) {
        return page.items().stream().map(i -> i.key().partition()).toList();
    }

    @Test
    void theStoreDeclaresNativeIndexes() {
        assertTrue(store.has(Capability.NATIVE_SECONDARY_INDEX));
        assertTrue(store.extension(dev.nosqlpatterns.store.spi.NativeIndexes.class).isEmpty());
    }

    @Test
    void anIndexReadReportsItsConsumedCapacity() {
        String t = table(IndexSpec.of("byCrew", "nconst", "startYear"));
        store.put(t, crew("tt1", "actor", "nm1", "2001"));
        List<dev.nosqlpatterns.store.model.OperationCost> costs = new ArrayList<>();
        store.measure(costs::add, () -> {
            assertEquals(List.of("tt1"), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm1")))));
        });
        assertEquals("queryIndex", costs.get(0).operation());
        assertEquals(1, costs.get(0).roundTrips());
        assertTrue(costs.get(0).capacityReported() && costs.get(0).readUnits() > 0, costs.get(0).toString());
    }

    @Test
    void anOverloadedIndexFindsACrewMembersTitlesByYear() {
        String t = table(IndexSpec.of("byCrew", "nconst", "startYear"));
        store.put(t, crew("tt0309377", "director", "nm0000001", "2003"));
        store.put(t, crew("tt0111161", "actor", "nm0000001", "1994"));
        store.put(t, crew("tt0468569", "actor", "nm0000002", "2008"));
        store.put(t, Item.builder("tt0309377", "REGN|NZ").put("region", "NZ").build());
        store.put(t, Item.builder("tt0309377", "RTNG").put("rating", Value.of(7.3)).build());

        IndexQuery byCrew = IndexQuery.of(t, "byCrew", Value.of("nm0000001"));
        assertEquals(List.of("tt0111161", "tt0309377"), titles(store.queryIndex(byCrew)));
        assertEquals(List.of("tt0309377", "tt0111161"), titles(store.queryIndex(byCrew.descending())));
        assertEquals(List.of("tt0111161"), titles(store.queryIndex(byCrew.where(SortKeyCondition.between("1990", "1999")))));
        assertEquals(List.of("tt0309377"), titles(store.queryIndex(byCrew.where(SortKeyCondition.beginsWith("200")))));
        assertEquals(List.of("tt0309377"), titles(store.queryIndex(byCrew.where(SortKeyCondition.greaterThan("1994")))));
        Item found = store.queryIndex(byCrew).items().get(0);
        assertEquals(crew("tt0111161", "actor", "nm0000001", "1994"), found, "index reads return whole items");
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm9")))));
    }

    @Test
    void theIndexFollowsUpdatesAndDeletes() {
        String t = table(IndexSpec.of("byCrew", "nconst", "startYear"));
        Key key = Key.of("tt1", "DETL|actor");
        store.update(t, key, UpdateAction.set("nconst", Value.of("nm1")), UpdateAction.set("startYear", Value.of("2001")));
        IndexQuery nm1 = IndexQuery.of(t, "byCrew", Value.of("nm1"));
        assertEquals(List.of("tt1"), titles(store.queryIndex(nm1)));
        store.update(t, key, UpdateAction.set("nconst", Value.of("nm2")));
        assertEquals(List.of(), titles(store.queryIndex(nm1)));
        assertEquals(List.of("tt1"), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm2")))));
        store.update(t, key, UpdateAction.set("startYear", Value.of("1999")));
        assertEquals(List.of("tt1"), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm2"))
                .where(SortKeyCondition.lessThan("2000")))));
        store.update(t, key, UpdateAction.remove("startYear"));
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm2")))),
                "an item without the sort attribute is not in the index");
        store.update(t, key, UpdateAction.set("startYear", Value.of("1999")));
        store.delete(t, key);
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm2")))));
    }

    @Test
    void numbersAreIndexedByValueAndAddsKeepTheIndexCurrent() {
        String t = table(IndexSpec.of("byLevel", "level"));
        Key key = Key.of("u1", "profile");
        store.update(t, key, UpdateAction.add("level", 1));
        assertEquals(List.of("u1"), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of(1)))));
        store.update(t, key, UpdateAction.add("level", 1));
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of(1)))));
        assertEquals(List.of("u1"), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of(2)))));
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of("2")))),
                "the string \"2\" is not the number 2");
        store.writeAtomically(List.of(Write.update(t, key, UpdateAction.add("level", 1))));
        assertEquals(List.of("u1"), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of(3)))));
        store.update(t, key, UpdateAction.set("level", Value.of(true)));
        assertEquals(List.of(), titles(store.queryIndex(IndexQuery.of(t, "byLevel", Value.of(3)))),
                "only strings and numbers are indexed");
    }

    @Test
    void withoutASortAttributeEntriesFollowTheItemKey() {
        String t = table(IndexSpec.of("byColour", "colour"));
        for (String[] k : new String[][] {{"b", "2"}, {"a", "9"}, {"b", "1"}, {"a\u0000", "0"}, {"\uD83D\uDE00", "x"}, {"\uFFFF", "x"}}) {
            store.put(t, Item.builder(k[0], k[1]).put("colour", "red").build());
        }
        Page page = store.queryIndex(IndexQuery.of(t, "byColour", Value.of("red")));
        assertEquals(List.of("a/9", "a\u0000/0", "b/1", "b/2", "\uFFFF/x", "\uD83D\uDE00/x"),
                page.items().stream().map(i -> i.key().partition() + "/" + i.key().sort()).toList());
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(t, "byColour", Value.of("red"))
                .where(SortKeyCondition.beginsWith("a"))));
    }

    @Test
    void pagesResumeByCursorInBothDirections() {
        String t = table(IndexSpec.of("byCrew", "nconst", "startYear"));
        for (int i = 0; i < 7; i++) {
            store.put(t, crew("tt" + i, "actor", "nm1", Integer.toString(2000 + i)));
        }
        for (boolean descending : new boolean[] {false, true}) {
            IndexQuery q = IndexQuery.of(t, "byCrew", Value.of("nm1")).limit(3);
            q = descending ? q.descending() : q;
            List<String> all = new ArrayList<>();
            Page page = store.queryIndex(q);
            all.addAll(titles(page));
            while (page.hasNext()) {
                page = store.queryIndex(q.after(page.next().orElseThrow()));
                all.addAll(titles(page));
            }
            List<String> expected = new ArrayList<>(List.of("tt0", "tt1", "tt2", "tt3", "tt4", "tt5", "tt6"));
            if (descending) {
                java.util.Collections.reverse(expected);
            }
            assertEquals(expected, all);
        }
        Page first = store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm1")).limit(3));
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm2"))
                .after(first.next().orElseThrow())), "a cursor of another index query is refused");
        Page exact = store.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm1")).limit(7));
        assertFalse(exact.hasNext(), "no cursor when nothing further matches");
    }

    @Test
    void logicalTablesSharingAnIndexSlotDoNotMix() {
        String a = table(IndexSpec.of("byOwner", "owner"));
        String b = table(IndexSpec.of("byOwner", "owner"), IndexSpec.of("byTag", "tag", "at"));
        store.put(a, Item.builder("x", "1").put("owner", "ann").build());
        store.put(b, Item.builder("y", "1").put("owner", "ann").put("tag", "t").put("at", "2024").build());
        assertEquals(List.of("x"), titles(store.queryIndex(IndexQuery.of(a, "byOwner", Value.of("ann")))));
        assertEquals(List.of("y"), titles(store.queryIndex(IndexQuery.of(b, "byOwner", Value.of("ann")))));
        assertEquals(List.of("y"), titles(store.queryIndex(IndexQuery.of(b, "byTag", Value.of("t")))));
        assertThrows(InvalidRequestException.class, () -> store.queryIndex(IndexQuery.of(a, "byTag", Value.of("t"))));
    }

    @Test
    void attributesNamedLikeTheStoresOwnAreStillPlainAttributes() {
        String t = table(IndexSpec.of("byG", "~g1p", "~g1s"));
        Item item = Item.builder("p", "s").put("~g1p", "v").put("~g1s", "w").put("~", "tilde").put("pk", "x").build();
        store.put(t, item);
        assertEquals(item, store.get(t, Key.of("p", "s")).orElseThrow());
        assertEquals(List.of(item), store.queryIndex(IndexQuery.of(t, "byG", Value.of("v"))).items());
    }

    @Test
    void indexesWorkInThePerTableLayoutToo() {
        String t = "ixp" + RUN;
        try (Store perTable = DynamoDbStore.builder().client(DynamoDbFixture.client()).tablePerLogicalTable("nsp_test.")
                .build()) {
            perTable.createTable(TableSpec.builder(t).index(IndexSpec.of("byCrew", "nconst", "startYear")).build());
            try {
                perTable.put(t, crew("tt2", "actor", "nm1", "2002"));
                perTable.put(t, crew("tt1", "actor", "nm1", "2001"));
                assertEquals(List.of("tt1", "tt2"), titles(perTable.queryIndex(IndexQuery.of(t, "byCrew", Value.of("nm1")))));
            } finally {
                perTable.dropTable(t);
            }
        }
    }
}
