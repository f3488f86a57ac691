package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.spark.IndexDefinition;
import dev.nosqlpatterns.spark.TableOptions;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The bulk family at test size: the single JVM on the in-memory store, and Spark on a standalone cluster of one
 * executor JVM over the embedded Redis (the larger cluster differs only in its worker count, and each cluster
 * start costs tens of seconds), and the hand-written driver code on the embedded Redis; every technique measured
 * with checked answers, and an index that differs from its base table failing its cell.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class BulkFamilyTest {
    private static final int N = 1_200;
    private final String memoryUri = "memory://bulk-test-" + System.nanoTime();
    private final String redisUri = EmbeddedRedis.shared().uri() + "?prefix=bulktest" + System.nanoTime() + ":";
    private final BulkSpark spark = new BulkSpark();
    private Store memory;
    private Store redis;
    private final String base = "users";

    @BeforeAll
    void load() {
        memory = Stores.open(memoryUri);
        redis = Stores.open(redisUri);
        for (Store store : List.of(memory, redis)) {
            store.createTable(TableSpec.named(base));
            BulkFamily.load(store, base, 0, N);
        }
    }

    @AfterAll
    void close() {
        try {
            spark.close();
        } finally {
            memory.close();
            redis.dropTable(base);
            redis.close();
        }
    }

    private IndexDefinition definition(String indexTable) {
        return IndexDefinition.onAttribute(TableOptions.of(redisUri, TableSpec.named(base), BulkFamily.SEGMENTS),
                indexTable, "city", false);
    }

    private IndexVerification onCluster(Function<dev.nosqlpatterns.spark.IndexJobs, IndexVerification> job) {
        return spark.session(1, job);
    }

    @Test
    void theQuickModeRunsTheSingleJvmAndSaysWhySparkIsLeftOut() {
        BulkFamily family = new BulkFamily();
        try {
            List<Family.Candidate> onRedis = family.candidates(redis, redisUri, new Family.Tables("bulkquick"),
                    Settings.Mode.QUICK);
            assertEquals(List.of(BulkFamily.SINGLE, BulkHandCells.HAND_WRITTEN, BulkLoadCells.SAVE_ALL), onRedis.stream()
                    .filter(c -> c.skipReason().isEmpty()).map(Family.Candidate::technique).distinct().toList(),
                    "the quick mode's workloads: backfill, verify and the user load");
            assertEquals(4, onRedis.stream().filter(c -> c.skipReason().equals(Optional.of(BulkFamily.QUICK_WITHOUT_SPARK)))
                    .count(), "both Spark techniques, backfill and verify, skipped with the quick mode's reason");
            assertEquals(List.of(BulkFamily.SINGLE, BulkHandCells.HAND_WRITTEN), onRedis.stream()
                    .filter(c -> c.workload().startsWith("backfill") && c.skipReason().isEmpty())
                    .map(Family.Candidate::technique).toList(), "the library's backfill and the hand-written one");
            for (String workload : List.of("migration", "geo", "search")) {
                List<Family.Candidate> left = onRedis.stream().filter(c -> c.workload().contains(workload)).toList();
                assertTrue(!left.isEmpty() && left.stream().allMatch(c -> c.skipReason().equals(Optional.of(
                        BulkFamily.QUICK_LEAVES_OUT))), workload + ": left out by the quick mode, saying how to run it");
            }
            List<Family.Candidate> onMemory = family.candidates(memory, memoryUri, new Family.Tables("bulkquickmem"),
                    Settings.Mode.QUICK);
            List<String> memorySkips = onMemory.stream().filter(c -> c.workload().startsWith("backfill")
                    && c.skipReason().isPresent()).map(c -> c.skipReason().get()).toList();
            assertTrue(!memorySkips.isEmpty() && memorySkips.stream().allMatch(r -> r.contains("in-memory store")),
                    "a store Spark and drivers cannot reach says so: " + memorySkips);
        } finally {
            family.close();
        }
    }

    @Test
    void theBuildRunsTheFamilyAtTestSizeAndFullIsTenTimesStandard() {
        assertEquals(2_000, BulkFamily.items(Settings.Mode.STANDARD), "set by the build for the tests");
        assertEquals(BulkFamily.FULL_ITEMS, 10 * BulkFamily.STANDARD_ITEMS);
        assertTrue(BulkFamily.QUICK_ITEMS <= BulkFamily.STANDARD_ITEMS / 50, "the quick mode's bulk family is small");
        Item user = BulkFamily.user(1_234);
        assertEquals("city-0234", user.getString("city").orElseThrow());
        assertEquals(List.of("Spark, 1 executor", "Spark, 2 executors"), List.of(BulkFamily.spark(1),
                BulkFamily.spark(2)));
    }

    @Test
    void theMigrationCellAddsAnIndexThatTheNewTypeReadsBack() {
        Map<String, String> notes = new java.util.HashMap<>();
        for (Store store : List.of(memory, redis)) {
            Family.Tables tables = new Family.Tables("t6" + store.kind());
            Harness.Measured m = new Harness(1).measure(store, BulkMigrationCells.candidate(store, tables, 300, 3, notes)
                    .setUp().get());
            assertTrue(m.stats().opsPerSecond() > 0, store.kind());
            assertTrue(notes.get(BulkMigrationCells.TECHNIQUE).contains("300 migrated"), notes.toString());
        }
    }

    @Test
    void aWorkloadFilterSkipsTheOthersWithItsReason() {
        List<Family.Candidate> all = List.of(Family.Candidate.skip("backfill an index", "a", "x"),
                Family.Candidate.skip("add a city index to 10 users by migration", "b", "y"));
        assertEquals(all, BulkFamily.only(all, " "));
        List<Family.Candidate> some = BulkFamily.only(all, "migration");
        assertEquals(Optional.of("y"), some.get(1).skipReason());
        assertTrue(some.get(0).skipReason().orElseThrow().contains("nosqlpatterns.bulk.workloads=migration"));
    }

    @Test
    void sparkCellsAreSkippedWhereExecutorJvmsCannotOpenTheStore() {
        assertTrue(BulkFamily.sparkSkipReason("memory:").orElseThrow().contains("one JVM's heap"));
        assertTrue(BulkFamily.sparkSkipReason("lucene:memory").orElseThrow().contains("one process"));
        assertTrue(BulkFamily.sparkSkipReason(redisUri).isEmpty());
    }

    @Test
    void everyTechniqueBuildsAndVerifiesTheSameIndex() {
        Harness harness = new Harness(1);
        Family.Tables tables = new Family.Tables("t1");
        Harness.Measured single = harness.measure(memory, BulkFamily.backfillCell("single", N, memory, base, tables,
                ix -> BulkFamily.singleBackfill(memory, base, ix)));
        Harness.Measured cluster = harness.measure(redis, BulkFamily.backfillCell("spark", N, redis, base, tables,
                ix -> onCluster(job -> job.backfill(definition(ix)))));
        for (Harness.Measured m : List.of(single, cluster)) {
            assertEquals(N, m.costs().itemsPerOp());
            assertTrue(m.stats().opsPerSecond() > 0);
        }
        for (String t : tables.issued()) {
            assertTrue(!memory.hasTable(t) && !redis.hasTable(t), t + " is dropped once read back");
        }
        String ix = "users_by_city";
        BulkFamily.singleBackfill(memory, base, ix);
        BulkFamily.singleBackfill(redis, base, ix);
        assertEquals(N, harness.measure(memory, BulkFamily.verifyCell("single", N, ix,
                i -> BulkFamily.index(memory, base, i).verify())).costs().itemsPerOp());
        assertEquals(N, harness.measure(redis, BulkFamily.verifyCell("spark", N, ix,
                i -> onCluster(job -> job.verify(definition(i))))).costs().itemsPerOp());
        memory.dropTable(ix);
        redis.dropTable(ix);
    }

    @Test
    void anIndexThatDiffersFromItsBaseTableFailsTheCell() {
        Family.Tables tables = new Family.Tables("t2");
        // a backfill that loses an entry: its read-back finds one entry fewer than items
        BulkFamily.Backfiller lossy = ix -> {
            IndexVerification d = BulkFamily.singleBackfill(memory, base, ix);
            Item entry = memory.scanAll(Scan.of(ix)).findFirst().orElseThrow();
            memory.delete(ix, entry.key());
            return d;
        };
        WrongAnswerException e = assertThrows(WrongAnswerException.class,
                () -> new Harness(1).measure(memory, BulkFamily.backfillCell("lossy", N, memory, base, tables, lossy)));
        assertTrue(e.getMessage().contains("1200 items and 1199 entries"), e.getMessage());

        String ix = "damaged_by_city";
        for (Store store : List.of(memory, redis)) {
            BulkFamily.singleBackfill(store, base, ix);
            Item entry = store.scanAll(Scan.of(ix)).findFirst().orElseThrow();
            store.delete(ix, entry.key());
        }
        assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(redis, BulkFamily.verifyCell("spark", N,
                ix, i -> onCluster(job -> job.verify(definition(i))))));
        assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory, BulkFamily.verifyCell("single", N,
                ix, i -> BulkFamily.index(memory, base, i).verify())));
        for (Store store : List.of(memory, redis)) {
            store.dropTable(ix);
            tables.issued().stream().filter(store::hasTable).forEach(store::dropTable);
        }
    }

    @Test
    void theHandWrittenJobsPassTheSameChecksAndADamagedIndexFailsTheirVerify() {
        Family.Tables tables = new Family.Tables("t5");
        Map<String, String> notes = new java.util.HashMap<>();
        List<Runnable> cleanUp = new java.util.ArrayList<>();
        String ix = "hand_by_city";
        BulkFamily.singleBackfill(redis, base, ix);
        try {
            List<Family.Candidate> cells = BulkHandCells.candidates(redis, redisUri, base, tables, N, "backfill",
                    "verify", () -> base, () -> ix, cleanUp, notes);
            assertEquals(List.of("backfill", "verify"), cells.stream().map(Family.Candidate::workload).toList());
            Harness harness = new Harness(1);
            for (Family.Candidate c : cells) {
                assertEquals(N, harness.measure(redis, c.setUp().get()).costs().itemsPerOp());
            }
            for (String job : List.of("backfill", "verify")) {
                assertTrue(notes.get(BulkHandCells.HAND_WRITTEN + ", " + job).startsWith(job + " of 1,200 items"),
                        notes.toString());
            }
            Item entry = redis.scanAll(Scan.of(ix)).findFirst().orElseThrow();
            redis.delete(ix, entry.key());
            WrongAnswerException e = assertThrows(WrongAnswerException.class,
                    () -> harness.measure(redis, cells.get(1).setUp().get()));
            assertTrue(e.getMessage().contains("1200 items and 1199 entries"), e.getMessage());
        } finally {
            cleanUp.forEach(Runnable::run);
            redis.dropTable(ix);
            tables.issued().stream().filter(redis::hasTable).forEach(redis::dropTable);
        }
        assertTrue(BulkHandCells.skipReason("memory").orElseThrow().contains("in-memory store"));
        assertTrue(BulkHandCells.skipReason("lucene").orElseThrow().contains("Lucene"));
        assertTrue(BulkHandCells.skipReason("cassandra").isEmpty());
    }

    @Test
    void saveAllAndTheHandWrittenLoaderWriteTheSameLayoutAndTheLibraryVerifiesBoth() {
        int users = 1_500;
        Family.Tables tables = new Family.Tables("t3");
        Map<String, String> notes = new java.util.HashMap<>();
        Harness harness = new Harness(1);
        Harness.Measured onMemory = harness.measure(memory, BulkLoadCells.cell(BulkLoadCells.SAVE_ALL, BulkLoadCells.LoadStores.of(memory), tables,
                users, 1, notes, BulkLoadCells.saveAll(memory), "saveAll"));
        assertEquals(users, onMemory.costs().itemsPerOp());
        assertTrue(onMemory.costs().roundTripsPerOp() > 0, "the library's round trips are metered");
        List<Family.Candidate> onRedis = BulkLoadCells.candidates(redis, redisUri, tables, Settings.Mode.QUICK,
                new java.util.ArrayList<>(), notes);
        assertEquals(List.of(BulkLoadCells.SAVE_ALL, BulkLoadCells.HAND_WRITTEN), onRedis.stream()
                .map(Family.Candidate::technique).toList());
        Family.Candidate hand = onRedis.get(1);
        try (dev.nosqlpatterns.benchmarks.overhead.Loader loader = dev.nosqlpatterns.benchmarks.overhead.Baselines
                .loader("redis", redisUri).orElseThrow()) {
            Harness.Measured handWritten = harness.measure(redis, BulkLoadCells.cell(hand.technique(), BulkLoadCells.LoadStores.of(redis), tables,
                    users, 1, notes, BulkLoadCells.handWritten(loader), loader.how()));
            assertEquals(users, handWritten.costs().itemsPerOp());
        }
        assertTrue(notes.get(BulkLoadCells.HAND_WRITTEN).contains("4 round trips"), notes.toString());
        assertTrue(!notes.get(BulkLoadCells.SAVE_ALL).contains(" 0 round trips"), notes.toString());
        assertTrue(BulkLoadCells.handSkipReason("memory").orElseThrow().contains("in-memory store"));
        try (Store lucene = Stores.open("lucene:memory"); LuceneLoads own = new LuceneLoads()) {
            Harness.Measured onLucene = harness.measure(lucene, BulkLoadCells.cell(BulkLoadCells.HAND_WRITTEN, own, tables,
                    users, 1, notes, BulkLoadCells.handWritten(own), BulkLoadCells.LUCENE_HOW));
            assertEquals(users, onLucene.costs().itemsPerOp());
        }
        assertTrue(notes.get(BulkLoadCells.HAND_WRITTEN).contains("7 round trips"), notes.toString());
        for (Store store : List.of(memory, redis)) {
            tables.issued().stream().filter(store::hasTable).forEach(store::dropTable);
        }
    }

    @Test
    void aLoadThatMissesAnEntryFailsItsCell() {
        Family.Tables tables = new Family.Tables("t4");
        WrongAnswerException e = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory,
                BulkLoadCells.cell(BulkLoadCells.SAVE_ALL, BulkLoadCells.LoadStores.of(memory), tables, 300, 1, new java.util.HashMap<>(),
                        (repo, type, list) -> {
                            repo.saveAll(list);
                            String cities = type.table() + "_" + BulkLoadCells.CITY;
                            memory.delete(cities, memory.scanAll(Scan.of(cities)).findFirst().orElseThrow().key());
                            return 0;
                        }, "lossy")));
        assertTrue(e.getMessage().contains("300 items and 299 entries"), e.getMessage());
        tables.issued().stream().filter(memory::hasTable).forEach(memory::dropTable);
    }

    @Test
    void theGeoAndSearchLoadsPassTheLibrarysReadBackByLibraryAndByHand() {
        int n = 600;
        Family.Tables tables = new Family.Tables("t7");
        Map<String, String> notes = new java.util.HashMap<>();
        Harness harness = new Harness(1);
        for (Store store : List.of(memory, redis)) {
            Harness.Measured geo = harness.measure(store, BulkGeoSearchCells.geoCell(BulkGeoSearchCells.GEO_TECHNIQUE,
                    store, tables, n, 1, notes, BulkGeoSearchCells.putAll(store), "putAll"));
            assertEquals(n, geo.costs().itemsPerOp());
            assertTrue(geo.costs().roundTripsPerOp() > 0, "the library's round trips are metered");
            Harness.Measured search = harness.measure(store, BulkGeoSearchCells.searchCell(
                    BulkGeoSearchCells.SEARCH_TECHNIQUE, store, tables, n, 1, notes, BulkGeoSearchCells.indexAll(store),
                    "indexAll"));
            assertEquals(n, search.costs().itemsPerOp());
            assertTrue(search.costs().roundTripsPerOp() > 0, "the library's round trips are metered");
        }
        assertTrue(notes.get(BulkGeoSearchCells.GEO_TECHNIQUE + ", points").startsWith("600 points in"), notes.toString());
        assertTrue(notes.get(BulkGeoSearchCells.SEARCH_TECHNIQUE + ", documents").startsWith("600 documents in"),
                notes.toString());
        try (dev.nosqlpatterns.benchmarks.overhead.Loader loader = dev.nosqlpatterns.benchmarks.overhead.Baselines
                .loader("redis", redisUri).orElseThrow()) {
            Harness.Measured hand = harness.measure(redis, BulkGeoSearchCells.geoCell(BulkGeoSearchCells.HAND_WRITTEN,
                    redis, tables, n, 1, notes, BulkGeoSearchCells.geoByHand(loader), "by hand"));
            assertEquals(n, hand.costs().itemsPerOp());
            Harness.Measured handSearch = harness.measure(redis, BulkGeoSearchCells.searchCell(
                    BulkGeoSearchCells.HAND_WRITTEN, redis, tables, n, 1, notes, BulkGeoSearchCells.searchByHand(loader),
                    "by hand"));
            assertEquals(n, handSearch.costs().itemsPerOp());
            // a hand-written load that left out a dictionary entry: the document cannot be found by its id
            dev.nosqlpatterns.key.CompositeKeyCodec codec = dev.nosqlpatterns.key.CompositeKeyCodec.of(
                    dev.nosqlpatterns.key.SegmentType.STRING, dev.nosqlpatterns.key.SegmentType.STRING,
                    dev.nosqlpatterns.key.SegmentType.STRING);
            String summary = dev.nosqlpatterns.key.CompositeKeyCodec.of(dev.nosqlpatterns.key.SegmentType.STRING,
                    dev.nosqlpatterns.key.SegmentType.LONG).encode("s", 0L);
            WrongAnswerException noEntry = assertThrows(WrongAnswerException.class, () -> harness.measure(redis,
                    BulkGeoSearchCells.searchCell("lossy", redis, tables, n, 1, new java.util.HashMap<>(),
                            (search, postings, direct, docs) -> {
                                long sent = BulkGeoSearchCells.searchByHand(loader).run(search, postings, direct, docs);
                                redis.delete(postings, dev.nosqlpatterns.item.Key.of(codec.encode("d", "doc300", ""),
                                        summary));
                                return sent;
                            }, "")));
            assertTrue(noEntry.getMessage().contains("got 'doc300 none'"), noEntry.getMessage());
        }
        // the sequence, rows and dictionary entries of one chunk, and the posting chunks and counts: 4 pipelines
        assertTrue(notes.get(BulkGeoSearchCells.HAND_WRITTEN + ", documents").contains(" 4 round trips"),
                notes.toString());
        // one chunk: one pipeline of entries and one of point records per load
        assertTrue(notes.get(BulkGeoSearchCells.HAND_WRITTEN + ", points").contains(" 2 round trips"), notes.toString());
        assertTrue(BulkGeoSearchCells.handSkipReason("memory").orElseThrow().contains("in-memory store"));
        assertTrue(BulkGeoSearchCells.handSkipReason("lucene").orElseThrow().contains("Lucene"));
        assertTrue(BulkGeoSearchCells.handSkipReason("cassandra").isEmpty());
        for (Store store : List.of(memory, redis)) {
            tables.issued().stream().filter(store::hasTable).forEach(store::dropTable);
        }
    }

    @Test
    void aGeoLoadThatMissesAPointOrLosesAnEntryFailsItsCell() {
        int n = 500;
        Family.Tables tables = new Family.Tables("t8");
        BulkGeoSearchCells.GeoLoad allButOne = (index, table, points) -> {
            Map<String, dev.nosqlpatterns.store.model.LatLon> some = new java.util.LinkedHashMap<>(points);
            some.remove(some.keySet().iterator().next());
            index.putAll(some);
            return 1;
        };
        WrongAnswerException missed = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory,
                BulkGeoSearchCells.geoCell("lossy", memory, tables, n, 1, new java.util.HashMap<>(), allButOne, "")));
        assertTrue(missed.getMessage().contains("499 entries and 499 points"), missed.getMessage());
        BulkGeoSearchCells.GeoLoad entryLost = (index, table, points) -> {
            index.putAll(points);
            Item entry = memory.scanAll(Scan.of(table)).filter(i -> !i.key().sort().equals("point")).findFirst()
                    .orElseThrow();
            memory.delete(table, entry.key());
            return 1;
        };
        WrongAnswerException lost = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory,
                BulkGeoSearchCells.geoCell("lossy", memory, tables, n, 1, new java.util.HashMap<>(), entryLost, "")));
        assertTrue(lost.getMessage().contains("499 entries and 500 points"), lost.getMessage());
        tables.issued().stream().filter(memory::hasTable).forEach(memory::dropTable);
    }

    @Test
    void aSearchLoadThatMissesADocumentOrIndexesAWrongTermFailsItsCell() {
        int n = 500;
        Family.Tables tables = new Family.Tables("t9");
        WrongAnswerException missed = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory,
                BulkGeoSearchCells.searchCell("lossy", memory, tables, n, 1, new java.util.HashMap<>(),
                        (search, postings, direct, docs) -> {
                            search.indexAll(docs.subList(1, docs.size()));
                            return 1;
                        }, "")));
        assertTrue(missed.getMessage().contains("expected 'verify read 500 documents"), missed.getMessage());
        // document 2 (country c4) indexed in country c1 instead: every count agrees, the term query does not
        WrongAnswerException wrong = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(memory,
                BulkGeoSearchCells.searchCell("lossy", memory, tables, n, 1, new java.util.HashMap<>(),
                        (search, postings, direct, docs) -> {
                            List<dev.nosqlpatterns.search.Document> changed = new java.util.ArrayList<>(docs);
                            changed.set(2, dev.nosqlpatterns.search.Document.builder("doc2").add("country", "c1")
                                    .add("device", "d2").add("tag", "t2").add("tag", "t5").add("tag", "t12").build());
                            search.indexAll(changed);
                            return 1;
                        }, "")));
        assertTrue(wrong.getMessage().contains("country=c1"), wrong.getMessage());
        tables.issued().stream().filter(memory::hasTable).forEach(memory::dropTable);
    }
}
