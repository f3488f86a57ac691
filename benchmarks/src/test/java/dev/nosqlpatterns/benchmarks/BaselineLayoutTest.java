package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.benchmarks.overhead.Baseline;
import dev.nosqlpatterns.benchmarks.overhead.Baselines;
import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hand-written baselines of the overhead family really use each adapter's layout: what the library
 * writes, the baseline reads back attribute for attribute, and what the baseline writes (put, conditional
 * put, counter, batch), the library reads back, so a baseline that misses a key encoding, a column or a
 * hidden field fails here, not silently in the benchmark. The same holds for the bulk family's hand-written index
 * jobs ({@link HandIndexJobs}): the library verifies the index they build, and they verify the library's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BaselineLayoutTest {
    private StoreTargets targets;

    @BeforeAll
    void start() {
        targets = new StoreTargets();
    }

    @AfterAll
    void stop() {
        targets.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"redis", "dynamodb", "mongodb", "cassandra"})
    void baselineAndLibraryReadEachOthersWrites(String name) {
        try (Store store = targets.open(name); Baseline hand = Baselines.open(store.kind(), targets.address(name)).orElseThrow()) {
            String table = "layout" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
            store.createTable(TableSpec.named(table));
            try {
                check(store, hand, table);
            } finally {
                store.dropTable(table);
            }
        }
    }

    private static void check(Store store, Baseline hand, String table) {
        Item byLibrary = Item.builder("p", "a").put("payload", "from the library").put("n", 7).build();
        store.put(table, byLibrary);
        assertEquals(Optional.of(byLibrary), hand.get(table, byLibrary.key()), "the baseline reads the library's put");
        assertEquals(Optional.empty(), hand.get(table, Key.of("p", "missing")));

        Item byHand = Item.builder("p", "b").put("payload", "by hand").put("n", -3).build();
        hand.put(table, byHand);
        assertEquals(Optional.of(byHand), store.get(table, byHand.key()), "the library reads the baseline's put");
        Item replaced = Item.builder("p", "b").put("other", "only this").build();
        hand.put(table, replaced);
        assertEquals(Optional.of(replaced), store.get(table, replaced.key()), "a put by hand replaces the whole item");

        Item fresh = Item.builder("p", "c").put("payload", "if absent").put("n", 1).build();
        assertTrue(hand.putIfAbsent(table, fresh));
        assertFalse(hand.putIfAbsent(table, fresh.toBuilder().put("payload", "again").build()), "present: refused");
        assertEquals(Optional.of(fresh), store.get(table, fresh.key()));
        assertTrue(assertThrowsCondition(() -> store.put(table, fresh, Condition.ifAbsent())),
                "the library sees the baseline's item as present");

        Key counter = Key.of("p", "counter");
        assertEquals(1, hand.add(table, counter, "n", 1), "created by the first add");
        assertEquals(3, hand.add(table, counter, "n", 2));
        assertEquals(Optional.of(3L), store.get(table, counter).flatMap(i -> i.getLong("n")));
        store.update(table, counter, UpdateAction.add("n", 10));
        assertEquals(14, hand.add(table, counter, "n", 1), "the baseline adds to the library's update");
        assertEquals(Optional.of(14L), store.get(table, counter).flatMap(i -> i.getLong("n")));
        assertEquals(Optional.of(26L), Optional.of(hand.add(table, byLibrary.key(), "n", 19)), "adds to a library item");
        assertEquals(Optional.of("from the library"), store.get(table, byLibrary.key()).flatMap(i -> i.getString("payload")),
                "an add keeps the other attributes");

        List<Item> libraryBatch = BulkLoadFamily.items("lib", 30);
        store.writeBatch(libraryBatch.stream().map(i -> Write.put(table, i)).toList());
        assertEquals(libraryBatch.subList(5, 21), hand.query(table, "lib", BulkLoadFamily.sortKey(5), BulkLoadFamily.sortKey(20)),
                "the baseline's range read of the library's batch");
        List<Item> handBatch = BulkLoadFamily.items("hand", 30);
        hand.writeBatch(table, handBatch);
        assertEquals(handBatch, store.queryAll(Query.in(table, "hand")).toList(), "the library reads the baseline's batch");
        assertEquals(handBatch.subList(0, 10), store.query(Query.in(table, "hand").limit(10)).items());
    }

    @ParameterizedTest
    @ValueSource(strings = {"redis", "dynamodb", "mongodb", "cassandra"})
    void handWrittenIndexJobsAndTheLibraryReadEachOthersIndexes(String name) {
        int n = HandIndexJobs.PAGE + 100;
        String suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        String base = "users" + suffix;
        String byHand = "byhand" + suffix;
        String byLibrary = "bylib" + suffix;
        try (Store store = targets.open(name); Loader loader = Baselines.loader(store.kind(), targets.address(name))
                .orElseThrow()) {
            store.createTable(TableSpec.named(base));
            store.createTable(TableSpec.named(byHand));
            try {
                BulkFamily.load(store, base, 0, n);
                HandIndexJobs.Run backfill = HandIndexJobs.backfill(loader, base, byHand, BulkFamily.ATTRIBUTE);
                assertEquals(List.of((long) n, (long) n), List.of(backfill.drift().baseItemsChecked(),
                        backfill.drift().missing()), "every item scanned, every entry written");
                assertTrue(backfill.requests() > 2, "more than one page: " + backfill.requests());
                IndexTable hand = BulkFamily.index(store, base, byHand);
                assertEquals(exact(n), counts(hand.verify()), "the library verifies the hand-written index");
                assertEquals(List.of(BulkFamily.key(1), BulkFamily.key(1 + BulkFamily.CITIES)), hand.find(
                        BulkFamily.cityName(1)).stream().map(Item::key).sorted(java.util.Comparator.comparing(
                        Key::toString)).toList());

                BulkFamily.singleBackfill(store, base, byLibrary);
                assertEquals(exact(n), counts(HandIndexJobs.verify(loader, base, byLibrary, BulkFamily.ATTRIBUTE).drift()),
                        "the hand-written verify of the library's index");
                Item first = BulkFamily.user(0);
                store.delete(byLibrary, BulkLoadCells.entryKey(BulkFamily.cityName(0), first.key()));
                store.put(byLibrary, BulkLoadCells.entry(BulkFamily.cityName(1), first.key(), System.currentTimeMillis()));
                assertEquals(List.of((long) n, (long) n, 1L, 1L), counts(HandIndexJobs.verify(loader, base, byLibrary,
                        BulkFamily.ATTRIBUTE).drift()), "an entry moved to another city: one missing, one stale");
            } finally {
                for (String t : List.of(base, byHand, byLibrary)) {
                    if (store.hasTable(t)) {
                        store.dropTable(t);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"redis", "dynamodb", "mongodb", "cassandra"})
    void everyValueTypeCrossesBetweenTheHandWrittenBulkWriteAndTheLibrary(String name) {
        String table = "values" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        Item byHand = Item.builder("p", "hand").put("s", "text").put("n", 12).put("d", Value.of(new java.math.BigDecimal("-1.25")))
                .put("b", Value.of(new byte[] {0, 1, (byte) 0xFF})).put("t", true)
                .put("f", Value.map(Map.of("title", Value.stringSet(List.of("a", "b")), "tags", Value.stringSet(List.of("x")))))
                .put("ns", Value.numberSet(List.of(java.math.BigDecimal.ONE, java.math.BigDecimal.TEN)))
                .put("l", Value.list(List.of(Value.of("one"), Value.of(2)))).build();
        Item byLibrary = new Item(Key.of("p", "library"), byHand.attributes());
        try (Store store = targets.open(name); Loader loader = Baselines.loader(store.kind(), targets.address(name))
                .orElseThrow()) {
            store.createTable(TableSpec.named(table));
            try {
                loader.write(table, List.of(byHand));
                assertEquals(Optional.of(byHand), store.get(table, byHand.key()), "the library reads the hand-written item");
                store.put(table, byLibrary);
                List<Item> scanned = new java.util.ArrayList<>();
                loader.scan(table, 10, scanned::addAll);
                scanned.sort(java.util.Comparator.comparing(i -> i.key().sort()));
                assertEquals(List.of(byHand, byLibrary), scanned, "the hand-written scan reads both as written");
            } finally {
                store.dropTable(table);
            }
        }
    }

    private static List<Long> exact(int n) {
        return List.of((long) n, (long) n, 0L, 0L);
    }

    private static List<Long> counts(IndexVerification d) {
        return List.of(d.baseItemsChecked(), d.entriesChecked(), d.missing(), d.dangling());
    }

    private static boolean assertThrowsCondition(Runnable write) {
        try {
            write.run();
            return false;
        } catch (dev.nosqlpatterns.store.model.ConditionFailedException expected) {
            return true;
        }
    }
}
