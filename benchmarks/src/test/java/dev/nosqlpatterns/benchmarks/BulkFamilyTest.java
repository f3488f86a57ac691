package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.Drift;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.spark.IndexDefinition;
import dev.nosqlpatterns.spark.TableOptions;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The bulk family at test size (the system property the build sets): every technique measured with checked
 * answers on the in-memory store, and an index that differs from its base table failing its cell.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BulkFamilyTest {
    private static final int N = 1_200;
    private final String uri = "memory://bulk-test-" + System.nanoTime();
    private final BulkSpark spark = new BulkSpark();
    private Store store;
    private String base;

    @BeforeAll
    void load() {
        store = Stores.open(uri);
        base = "users";
        store.createTable(TableSpec.named(base));
        BulkFamily.load(store, base, 0, N);
    }

    @AfterAll
    void close() {
        spark.close();
        store.close();
    }

    private IndexDefinition definition(String indexTable) {
        return IndexDefinition.onAttribute(TableOptions.of(uri, TableSpec.named(base), BulkFamily.SEGMENTS), indexTable,
                "city", false);
    }

    @Test
    void theBuildRunsTheFamilyAtTestSizeAndFullIsTenTimesQuick() {
        assertEquals(2_000, BulkFamily.items(Settings.Mode.QUICK), "set by the build for the tests");
        assertEquals(BulkFamily.FULL_ITEMS, 10 * BulkFamily.QUICK_ITEMS);
        Item user = BulkFamily.user(1_234);
        assertEquals("city-0234", user.getString("city").orElseThrow());
    }

    @Test
    void everyTechniqueBuildsAndVerifiesTheSameIndex() {
        Harness harness = new Harness(1);
        Family.Tables tables = new Family.Tables("t1");
        List<BulkFamily.Backfiller> backfillers = List.of(ix -> BulkFamily.singleBackfill(store, base, ix),
                ix -> spark.session(1, job -> job.backfill(definition(ix))),
                ix -> spark.session(2, job -> job.backfill(definition(ix))));
        for (BulkFamily.Backfiller b : backfillers) {
            Harness.Measured m = harness.measure(store, BulkFamily.backfillCell("t", N, store, base, tables, b));
            assertEquals(N, m.costs().itemsPerOp());
            assertTrue(m.stats().opsPerSecond() > 0);
        }
        for (String t : tables.issued()) {
            assertTrue(!store.hasTable(t), t + " is dropped once read back");
        }
        String ix = "users_by_city";
        BulkFamily.singleBackfill(store, base, ix);
        List<Function<String, Drift>> verifiers = List.of(i -> BulkFamily.index(store, base, i).verify(),
                i -> spark.session(1, job -> job.verify(definition(i))),
                i -> spark.session(2, job -> job.verify(definition(i))));
        for (Function<String, Drift> v : verifiers) {
            assertEquals(N, harness.measure(store, BulkFamily.verifyCell("t", N, ix, v)).costs().itemsPerOp());
        }
        store.dropTable(ix);
    }

    @Test
    void anIndexThatDiffersFromItsBaseTableFailsTheCell() {
        Family.Tables tables = new Family.Tables("t2");
        // a backfill that loses an entry: its read-back finds one entry fewer than items
        BulkFamily.Backfiller lossy = ix -> {
            Drift d = spark.session(2, job -> job.backfill(definition(ix)));
            BulkFamily.index(store, base, ix);
            Item entry = store.scanAll(Scan.of(ix)).findFirst().orElseThrow();
            store.delete(ix, entry.key());
            return d;
        };
        WrongAnswerException e = assertThrows(WrongAnswerException.class,
                () -> new Harness(1).measure(store, BulkFamily.backfillCell("lossy", N, store, base, tables, lossy)));
        assertTrue(e.getMessage().contains("1200 items and 1199 entries"), e.getMessage());

        String ix = "damaged_by_city";
        BulkFamily.singleBackfill(store, base, ix);
        Item entry = store.scanAll(Scan.of(ix)).findFirst().orElseThrow();
        store.delete(ix, entry.key());
        for (int threads = 1; threads <= 2; threads++) {
            int t = threads;
            assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store, BulkFamily.verifyCell("spark", N,
                    ix, i -> spark.session(t, job -> job.verify(definition(i))))));
        }
        assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store, BulkFamily.verifyCell("single", N,
                ix, i -> BulkFamily.index(store, base, i).verify())));
        store.dropTable(ix);
        tables.issued().stream().filter(store::hasTable).forEach(store::dropTable);
    }
}
