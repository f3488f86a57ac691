package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Spark tasks that die at every write step, on one store. Every bulk path of the module that writes (a Dataset
 * write through {@link StoreDataSource}, an index backfill and repair, a shadow rebuild, a migration's backfill)
 * is first run clean, counting the items each task writes in each write call ({@link FaultyStoreProvider#count});
 * then, from the same starting state, once for every crash step {@code k} of that run (for each call of each task,
 * the items its task had written when it ended and, for a call of several items, one step inside it), with the
 * first attempt of every task dying when it has written {@code k} items (part of a call written, or right after a
 * call took effect) and Spark running it again ({@code local[2,4]}). Paths that write one item per call are so
 * crashed at every item. After each run the written tables equal the clean run's, item for item,
 * and the technique's own verify finds no drift. When every attempt dies (the retries exhausted), the job fails,
 * and running it again (or repairing) ends at the same exact tables and no drift. The graph and frame jobs write
 * nothing to the store, so they have no write step to crash at.
 *
 * <p>And invalid input: a row that cannot become a valid item (an empty partition key, a sort key over the
 * store's limit, an item over the store's size limit) at the first, a middle and the last position of a task's
 * partition fails the write with an exception naming the row and what is wrong, and nothing of its partition is
 * written (of its window, when the partition holds more rows than the write's {@code window}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TaskFailureContract {
    /** As many attempts as Spark makes of a task ({@code local[2,4]}): every one fails. */
    private static final int ALL_ATTEMPTS = 4;
    private static final AtomicInteger TABLES = new AtomicInteger();
    /** The rows of the Dataset: 40 people in 4 partitions, written 4 at a time (10 per task, 3 calls). */
    private static final String PEOPLE = "SELECT concat('p', id % 10) AS pk, concat('s', id) AS sk,"
            + " CASE WHEN id % 9 = 0 THEN NULL ELSE concat('c', id % 5) END AS city, id AS age"
            + " FROM range(0, 40, 1, 4)";

    private SparkSession spark;
    private Store store;
    private String uri;
    private String faulty;

    /** The URI of a store every task of the JVM reaches, with its items. */
    protected abstract String storeUri();

    @BeforeAll
    void open() {
        spark = TestSpark.session();
        uri = storeUri();
        faulty = "faulty:" + uri;
        store = Stores.open(uri);
    }

    @AfterAll
    void close() {
        FaultyStoreProvider.disarm();
        store.close();
    }

    private static String table(String prefix) {
        return prefix + TABLES.incrementAndGet();
    }

    private SortedMap<String, Item> scanned(String table) {
        if (!store.hasTable(table)) {
            store.createTable(TableSpec.named(table));
        }
        SortedMap<String, Item> out = new TreeMap<>();
        store.scanAll(Scan.of(table)).forEach(i -> out.put(i.key().toString(), i));
        return out;
    }

    /** Puts {@code table} back to holding exactly {@code contents}. */
    private void restore(String table, Map<String, Item> contents) {
        List<Write> writes = new ArrayList<>();
        scanned(table).values().forEach(i -> writes.add(Write.delete(table, i.key())));
        contents.values().forEach(i -> writes.add(Write.put(table, i)));
        for (int i = 0; i < writes.size(); i += 25) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 25)));
        }
        assertEquals(contents, scanned(table), "restored " + table);
    }

    private void writePeople(String target, String storeUri) {
        spark.sql(PEOPLE).write().format(StoreDataSource.NAME).option("uri", storeUri).option("table", target)
                .option("batchSize", "4").mode("append").save();
    }

    /**
     * Runs {@code job} once per crash step: with every task's first attempt dying after {@code k} written items,
     * for every {@code k} of {@code steps}, from the state {@code reset} makes; {@code check} then finds the
     * clean run's result. Then with every attempt dying at its first write: the job fails, and
     * {@code check} holds after {@code recover}.
     */
    private void crashAtEveryStep(String path, SortedSet<Integer> steps, Runnable reset, Runnable job,
                                  IntConsumer check, Runnable recover) {
        assertTrue(steps.size() >= 2 && steps.first() >= 1, path + ": tasks write in several steps: " + steps);
        System.out.printf("task failures on %s: %s, crashed after %s items%n", store.kind(), path, steps);
        for (int k : steps) {
            reset.run();
            FaultyStoreProvider.failAfter(k);
            try {
                job.run();
            } finally {
                int failed = FaultyStoreProvider.disarm();
                assertTrue(failed >= 1, path + ": some task died after " + k + " items");
            }
            check.accept(k);
        }
        reset.run();
        // Every attempt dies at its first write (once it took effect): a path that writes only what is still
        // missing gets one item further each attempt, and still fails.
        FaultyStoreProvider.failAfter(1, ALL_ATTEMPTS);
        Exception failed;
        try {
            failed = assertThrows(Exception.class, job::run, path + ": every attempt died, the job fails");
        } finally {
            assertTrue(FaultyStoreProvider.disarm() >= ALL_ATTEMPTS, path + ": every attempt of a task died");
        }
        assertTrue(messages(failed).contains("injected fault"), messages(failed));
        recover.run();
        check.accept(-1);
    }

    private static String step(String path, int k) {
        return path + (k < 0 ? " run again after the retries were exhausted" : " with tasks dying after " + k
                + " items");
    }

    @Test
    void aDatasetWriteEndsAsACleanRunWhateverWriteStepItsTasksDieAt() {
        String clean = table("people");
        FaultyStoreProvider.count();
        writePeople(clean, faulty);
        SortedSet<Integer> steps = FaultyStoreProvider.steps();
        FaultyStoreProvider.disarm();
        SortedMap<String, Item> expected = scanned(clean);
        assertEquals(40, expected.size());
        for (int id = 0; id < 40; id++) {
            Item item = expected.get(Key.of("p" + id % 10, "s" + id).toString());
            assertEquals(id % 9 == 0 ? "-" : "c" + id % 5, item.getString("city").orElse("-"), item.toString());
        }
        String target = table("copy");
        store.createTable(TableSpec.named(target));
        crashAtEveryStep("Dataset write", steps, () -> restore(target, Map.of()), () -> writePeople(target, faulty),
                k -> {
                    assertEquals(expected, scanned(target), step("Dataset write", k));
                }, () -> writePeople(target, uri));
    }

    /** A base table of people written by a clean Dataset write. */
    private String people() {
        String base = table("people");
        writePeople(base, uri);
        return base;
    }

    /** An index of people by city, whose stale entries are stale at once. */
    private static IndexDefinition byCity(String storeUri, String base) {
        return IndexDefinition.of(TableOptions.of(storeUri, base, 4), base + "_by_city",
                b -> b.attribute("city").claimLease(Duration.ZERO));
    }

    /**
     * The entries of an index table: each entry's key and the item it refers to (an entry's other attributes,
     * tokens and times, differ from run to run).
     */
    private SortedMap<String, String> entries(String table) {
        SortedMap<String, String> out = new TreeMap<>();
        scanned(table).forEach((key, entry) -> out.put(key, entry.getString("ref").orElseThrow()));
        return out;
    }

    /**
     * The check after a crash at step k and the job's re-run: the index table holds exactly the clean run's
     * entries, and a verify finds every one of them and no drift.
     */
    private IntConsumer exactAndClean(String path, String entryTable, SortedMap<String, String> expected, IndexTable ix) {
        return k -> {
            assertEquals(expected, entries(entryTable), step(path, k));
            IndexVerification drift = ix.verify();
            assertTrue(drift.consistent() && drift.entriesChecked() == expected.size(), step(path, k) + ": " + drift);
        };
    }

    @Test
    void anIndexBackfillEndsAsACleanRunWhateverWriteStepItsTasksDieAt() {
        String base = people();
        IndexDefinition index = byCity(faulty, base);
        IndexDefinition plain = byCity(uri, base);
        IndexTable ix = plain.open(store);
        IndexJobs jobs = new IndexJobs(spark, null);
        FaultyStoreProvider.count();
        IndexVerification added = jobs.backfill(index);
        SortedSet<Integer> steps = FaultyStoreProvider.steps();
        FaultyStoreProvider.disarm();
        assertEquals(35, added.missing(), added.toString());
        SortedMap<String, String> expected = entries(base + "_by_city");
        assertEquals(35, expected.size());
        String path = "index backfill";
        crashAtEveryStep(path, steps, () -> restore(base + "_by_city", Map.of()), () -> jobs.backfill(index),
                exactAndClean(path, base + "_by_city", expected, ix), () -> jobs.backfill(plain));
    }

    @Test
    void anIndexRepairEndsAsACleanRunWhateverWriteStepItsTasksDieAt() {
        String base = people();
        IndexDefinition index = byCity(faulty, base);
        IndexDefinition plain = byCity(uri, base);
        IndexTable ix = plain.open(store);
        IndexJobs jobs = new IndexJobs(spark, null);
        // Drift: entries of eight items since deleted (stale), and every third entry lost (missing).
        List<Write> ghosts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ghosts.add(Write.put(base, Item.builder("ghost" + i, "s").put("city", "c" + i % 5).build()));
        }
        store.writeBatch(ghosts);
        jobs.backfill(plain);
        store.writeBatch(ghosts.stream().map(w -> (Write) Write.delete(base, w.key())).toList());
        SortedMap<String, Item> drifted = new TreeMap<>();
        String entryTable = base + "_by_city";
        int n = 0;
        for (Map.Entry<String, Item> e : scanned(entryTable).entrySet()) {
            if (n++ % 3 != 0) {
                drifted.put(e.getKey(), e.getValue());
            }
        }
        restore(entryTable, drifted);
        FaultyStoreProvider.count();
        IndexVerification repaired = jobs.repair(index);
        SortedSet<Integer> steps = FaultyStoreProvider.steps();
        FaultyStoreProvider.disarm();
        assertTrue(repaired.missing() > 5 && repaired.dangling() > 3, repaired.toString());
        SortedMap<String, String> expected = entries(entryTable);
        assertEquals(35, expected.size());
        String path = "index repair";
        crashAtEveryStep(path, steps, () -> restore(entryTable, drifted), () -> jobs.repair(index),
                exactAndClean(path, entryTable, expected, ix), () -> jobs.repair(plain));
    }

    @Test
    void aShadowRebuildEndsAsACleanRunWhateverWriteStepItsTasksDieAt() {
        String primary = people();
        String shadows = primary + "_shadow";
        ShadowDefinition shadow = ShadowDefinition.keeping(TableOptions.of(faulty, primary, 4), shadows,
                List.of("city"));
        ShadowDefinition plain = ShadowDefinition.keeping(TableOptions.of(uri, primary, 4), shadows, List.of("city"));
        ShadowTable table = plain.open(store);
        ShadowJobs jobs = new ShadowJobs(spark, null);
        // Left-over shadows, which pass 2 deletes, and a stale one.
        SortedMap<String, Item> drifted = new TreeMap<>();
        for (int i = 0; i < 6; i++) {
            Item ghost = Item.builder("ghost" + i, "s").put("city", "gone").build();
            drifted.put(ghost.key().toString(), ghost);
        }
        Item stale = Item.builder("p1", "s1").put("city", "stale").build();
        drifted.put(stale.key().toString(), stale);
        restore(shadows, drifted);
        FaultyStoreProvider.count();
        ShadowVerification rebuilt = jobs.rebuild(shadow);
        SortedSet<Integer> steps = FaultyStoreProvider.steps();
        FaultyStoreProvider.disarm();
        SortedMap<String, Item> expected = new TreeMap<>();
        scanned(primary).values().forEach(i -> ShadowTable.keeping("city").apply(i)
                .ifPresent(s -> expected.put(s.key().toString(), s)));
        assertEquals(expected.size() + 6, rebuilt.wrong(), rebuilt.toString());
        assertEquals(expected, scanned(shadows));
        String path = "shadow rebuild";
        crashAtEveryStep(path, steps, () -> restore(shadows, drifted), () -> jobs.rebuild(shadow), k -> {
            assertEquals(expected, scanned(shadows), step(path, k));
            assertEquals(new ShadowVerification(40 + expected.size(), 0), table.verify(), step(path, k));
        }, () -> jobs.rebuild(plain));
    }

    @Test
    void aMigrationBackfillEndsAsACleanRunWhateverWriteStepItsTasksDieAt() {
        int credits = 16;
        String prefix = table("m");
        SparkMigrationCheck.CreditsByPerson definition = new SparkMigrationCheck.CreditsByPerson(prefix);
        EntityRepository old = EntityRepository.of(store, definition.byMovie());
        old.createTables();
        for (int i = 0; i < credits; i++) {
            old.save(definition.byMovie(), new SparkMigrationCheck.Credit("tt" + i % 5, "nm" + i,
                    i % 2 == 0 ? "actor" : "writer", i));
        }
        EntityType<SparkMigrationCheck.Credit> byPerson = definition.byPerson();
        EntityRepository repo = EntityRepository.of(store, byPerson);
        repo.createTables();
        // The migration's tables as they are before it begins, put back before each run.
        Map<String, SortedMap<String, Item>> before = new TreeMap<>();
        for (String t : List.of(definition.byMovie().table(), byPerson.table(), prefix + "migrations")) {
            before.put(t, scanned(t));
        }
        SortedMap<String, SparkMigrationCheck.Credit> expected = new TreeMap<>();
        for (int i = 0; i < credits; i++) {
            expected.put("nm" + i, new SparkMigrationCheck.Credit("tt" + i % 5, "nm" + i,
                    (i % 2 == 0 ? "actor" : "writer").toUpperCase(Locale.ROOT), i));
        }
        MigrationJobs jobs = new MigrationJobs(spark, null);
        FaultyStoreProvider.count();
        MigrationReport clean = jobs.backfill(faulty, definition);
        SortedSet<Integer> steps = FaultyStoreProvider.steps();
        FaultyStoreProvider.disarm();
        assertEquals(credits, clean.itemsMigrated(), clean.toString());
        String path = "migration backfill";
        crashAtEveryStep(path, steps, () -> before.forEach(this::restore), () -> jobs.backfill(faulty, definition), k -> {
            SortedMap<String, SparkMigrationCheck.Credit> migrated = new TreeMap<>();
            for (SparkMigrationCheck.Credit c : expected.values()) {
                repo.get(byPerson, Map.of("person", c.person(), "movie", c.movie()))
                        .ifPresent(found -> migrated.put(found.person(), found));
            }
            assertEquals(expected.size(), store.scan(Scan.of(byPerson.table())).items().size(), step(path, k));
            assertEquals(expected, migrated, step(path, k));
            if (k < 0 || k == steps.last()) {
                // The rest of the migration (cut-over, verification, clean-up) finds nothing left to migrate or
                // repair; run on the last step and after the exhausted retries (the others compare the new form).
                MigrationReport done = jobs.run(uri, definition);
                assertEquals(0, done.itemsMigrated(), step(path, k) + ": " + done);
                assertEquals(0, done.driftFound(), step(path, k) + ": " + done);
            }
        }, () -> jobs.backfill(uri, definition));
    }

    /** The rows of two partitions of eight, one of partition 0's ({@code bad}) made invalid by {@code column}. */
    private Dataset<Row> withBadRow(int bad, String kind) {
        Limits limits = store.limits();
        String pk = kind.equals("empty partition key") ? "CASE WHEN id = " + bad + " THEN '' ELSE concat('p', id) END"
                : "concat('p', id)";
        String sk = kind.equals("oversized sort key") ? "CASE WHEN id = " + bad + " THEN repeat('k', "
                + (limits.maxSortKeyBytes() + 1) + ") ELSE concat('s', id) END" : "concat('s', id)";
        String blob = kind.equals("oversized item") ? "CASE WHEN id = " + bad + " THEN repeat('x', "
                + (limits.maxItemBytes() + 1) + ") ELSE 'small' END" : "'small'";
        return spark.sql("SELECT " + pk + " AS pk, " + sk + " AS sk, " + blob + " AS blob, id AS n"
                + " FROM range(0, 16, 1, 2)");
    }

    private static String messages(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            out.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" / ");
        }
        return out.toString();
    }

    @Test
    void anInvalidRowAnywhereInAPartitionFailsTheWriteWithNothingOfThePartitionWritten() {
        String[] kinds = {"empty partition key", "oversized sort key", "oversized item"};
        String[] named = {"the partition key is empty", "UTF-8 bytes, more than the store's limit of "
            + store.limits().maxSortKeyBytes(), "more than the store's limit of " + store.limits().maxItemBytes()};
        int[] positions = {0, 3, 7};
        // Each position of partition 0 once, each kind once; the kinds rotate by store, so that the in-memory store,
        // Redis and Lucene (and again DynamoDB, Cassandra and MongoDB) together try every kind at every position.
        int rotation = List.of("memory", "redis", "lucene", "dynamodb", "cassandra", "mongodb").indexOf(store.kind());
        for (int c = 0; c < positions.length; c++) {
            int kind = (c + Math.max(0, rotation)) % kinds.length;
            int bad = positions[c];
            String at = kinds[kind] + " at row " + bad + " of partition 0";
            String target = table("bad");
            Dataset<Row> rows = withBadRow(bad, kinds[kind]);
            Exception refused = assertThrows(Exception.class, () -> rows.write()
                    .format(StoreDataSource.NAME).option("uri", uri).option("table", target)
                    .option("batchSize", "2").mode("append").save(), at);
            String messages = messages(refused);
            assertTrue(messages.contains("row " + bad + " of partition 0 cannot be written to table '" + target
                    + "'") && messages.contains(named[kind]), at + ": " + messages);
            SortedMap<String, Item> written = scanned(target);
            for (Item item : written.values()) {
                long n = item.getNumber("n").orElseThrow().longValueExact();
                assertTrue(n >= 8, at + ": nothing of partition 0 written, found " + item);
                assertEquals(Item.builder("p" + n, "s" + n).put("blob", "small").put("n", n).build(), item, at);
            }
        }
        // A window of three rows: the windows before the bad row's are written, nothing of its own.
        String target = table("bad");
        Dataset<Row> rows = withBadRow(7, "empty partition key");
        Exception refused = assertThrows(Exception.class, () -> rows.write()
                .format(StoreDataSource.NAME).option("uri", uri).option("table", target).option("batchSize", "2")
                .option("window", "3").mode("append").save());
        assertTrue(messages(refused).contains("none of rows 6 to 7 of the partition is written"), messages(refused));
        List<Long> written = scanned(target).values().stream().map(i -> i.getNumber("n").orElseThrow()
                .longValueExact()).filter(n -> n < 8).sorted().toList();
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), written);
    }
}
