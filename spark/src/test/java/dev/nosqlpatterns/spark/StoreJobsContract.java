package dev.nosqlpatterns.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The data source and the jobs on one store, opened from its URI by the tests and by every Spark task; each
 * answer is compared with the single-JVM implementation or a brute-force reading of the store.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoreJobsContract {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final String[] CITIES = {"Oslo", "Lima", "Pune", "Kyiv", "Graz", "Bonn", "Nice"};

    protected SparkSession spark;
    protected Store store;
    protected String uri;

    /** The URI of a store every task of the JVM reaches, with its items. */
    protected abstract String storeUri();

    /**
     * Whether each call to the store takes milliseconds (a server over HTTP or CQL), so that the tests use smaller
     * tables and graphs: the comparisons are the same, only on fewer items.
     */
    protected boolean slowCalls() {
        return false;
    }

    private int size(int normal, int slow) {
        return slowCalls() ? slow : normal;
    }

    @BeforeAll
    void open() {
        spark = TestSpark.session();
        uri = storeUri();
        store = Stores.open(uri);
    }

    @AfterAll
    void close() {
        store.close();
    }

    private static String table(String prefix) {
        return prefix + TABLES.incrementAndGet();
    }

    private static TableSpec people(String name) {
        return TableSpec.builder(name).attribute("city", Value.Type.STRING).attribute("age", Value.Type.NUMBER).build();
    }

    /** {@code partitions} partitions of {@code perPartition} people; some without a city, some with extras. */
    private List<Item> fill(String name, int partitions, int perPartition) {
        store.createTable(people(name));
        List<Item> items = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            for (int s = 0; s < perPartition; s++) {
                Item.Builder b = Item.builder("p" + p, String.format("s%03d", s)).put("age", p * 100L + s);
                if ((p + s) % 5 != 0) {
                    b.put("city", CITIES[(p * 3 + s) % CITIES.length]);
                }
                if (s % 4 == 0) {
                    b.put("tags", Value.stringSet("a", "b" + s)).put("score", new BigDecimal("0.125"))
                            .put("ok", s % 8 == 0);
                }
                items.add(b.build());
            }
        }
        for (int i = 0; i < items.size(); i += 50) {
            store.writeBatch(items.subList(i, Math.min(items.size(), i + 50)).stream()
                    .map(it -> dev.nosqlpatterns.store.model.Write.put(name, it)).toList());
        }
        return items;
    }

    private Dataset<Row> read(String name, int segments) {
        return spark.read().format(StoreDataSource.NAME).option("uri", uri).option("table", name)
                .option("attributes", "city:STRING,age:NUMBER").option("segments", Integer.toString(segments)).load();
    }

    private static Item item(Row row) {
        Item.Builder b = Item.builder(row.getString(0), row.getString(1));
        if (!row.isNullAt(2)) {
            b.put("city", row.getString(2));
        }
        if (!row.isNullAt(3)) {
            b.put("age", row.getDecimal(3));
        }
        Map<String, String> attrs = row.getJavaMap(4);
        attrs.forEach((k, v) -> b.put(k, AttributeText.decode(v)));
        return b.build();
    }

    private Map<Key, Item> scanned(String name) {
        Map<Key, Item> out = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        store.scanAll(Scan.of(name)).forEach(i -> out.put(i.key(), i));
        return out;
    }

    private static Map<Key, Item> byKey(List<Item> items) {
        Map<Key, Item> out = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        items.forEach(i -> out.put(i.key(), i));
        return out;
    }

    @Test
    void aTableReadsAsADatasetOnePartitionPerSegment() {
        String name = table("people");
        List<Item> items = fill(name, 20, size(12, 4));
        Dataset<Row> rows = read(name, 5);
        assertEquals(5, rows.rdd().getNumPartitions());
        assertEquals(byKey(items), byKey(rows.collectAsList().stream().map(StoreJobsContract::item).toList()));
        assertEquals(scanned(name).size(), rows.count());
    }

    @Test
    void keyFiltersBecomeQueries() {
        String name = table("people");
        List<Item> items = fill(name, 10, 30);
        Dataset<Row> one = read(name, 4).where("pk = 'p3' AND sk >= 's010' AND sk < 's020'");
        String plan = one.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("query of partitions [p3]"), plan);
        assertEquals(1, one.rdd().getNumPartitions());
        List<Item> expected = items.stream().filter(i -> i.key().partition().equals("p3")
                && i.key().sort().compareTo("s010") >= 0 && i.key().sort().compareTo("s020") < 0).toList();
        assertEquals(byKey(expected), byKey(one.collectAsList().stream().map(StoreJobsContract::item).toList()));

        Dataset<Row> some = read(name, 4).where("pk IN ('p1', 'p7', 'nope') AND sk LIKE 's02%'");
        assertEquals(3, some.rdd().getNumPartitions());
        List<Item> expectedSome = items.stream().filter(i -> Set.of("p1", "p7").contains(i.key().partition())
                && i.key().sort().startsWith("s02")).toList();
        assertEquals(byKey(expectedSome), byKey(some.collectAsList().stream().map(StoreJobsContract::item).toList()));
        assertEquals(0, read(name, 4).where("pk = 'p1' AND sk > 's9' AND sk < 's0'").count());
    }

    @Test
    void aDatasetWritesIntoATableAndAgainWithTheSameResult() {
        String source = table("people");
        List<Item> items = fill(source, 8, 25);
        String target = table("copy");
        store.createTable(people(target));
        for (int round = 0; round < 2; round++) {
            read(source, 3).repartition(3).write().format(StoreDataSource.NAME).option("uri", uri)
                    .option("table", target).option("batchSize", "7").mode("append").save();
            assertEquals(byKey(items), scanned(target));
        }
        // Columns of any name and type become attributes.
        String other = table("events");
        store.createTable(TableSpec.named(other));
        spark.sql("SELECT concat('u', id % 3) AS pk, concat('e', id) AS sk, id AS n, id % 2 = 0 AS even, "
                + "array('x', 'y') AS labels FROM range(10)").write().format(StoreDataSource.NAME)
                .option("uri", uri).option("table", other).mode("append").save();
        Map<Key, Item> written = scanned(other);
        assertEquals(10, written.size());
        Item e4 = written.get(Key.of("u1", "e4"));
        assertEquals(Value.of(4), e4.get("n").orElseThrow());
        assertEquals(Value.of(true), e4.get("even").orElseThrow());
        assertEquals(Value.stringSet("x", "y"), e4.get("labels").orElseThrow());
    }

    /** An index of people by city, unique or not, whose stale entries are stale at once. */
    private IndexDefinition byCity(String base, boolean unique) {
        return IndexDefinition.of(TableOptions.of(uri, people(base), 4), base + "_by_city",
                b -> b.attribute("city").unique(unique).claimLease(Duration.ZERO));
    }

    @Test
    void backfillAddsTheEntriesOfExistingItems() {
        String base = table("people");
        List<Item> items = fill(base, 15, 20);
        IndexDefinition index = byCity(base, false);
        IndexTable ix = index.open(store);
        IndexVerification before = ix.verify();
        IndexVerification backfill = new IndexJobs(spark, null).backfill(index);
        assertEquals(items.size(), backfill.baseItemsChecked());
        assertEquals(before.missing(), backfill.missing());
        assertEquals(items.stream().filter(i -> i.has("city")).count(), backfill.missing());
        assertTrue(ix.verify().consistent(), ix.verify().toString());
        for (String city : CITIES) {
            Set<Key> expected = items.stream().filter(i -> i.getString("city").orElse("").equals(city))
                    .map(Item::key).collect(Collectors.toSet());
            assertEquals(expected, ix.find(city).stream().map(Item::key).collect(Collectors.toSet()), city);
        }
        assertEquals(0, new IndexJobs(spark, null).backfill(index).missing());
    }

    /** A repair that finds the index table empty is a backfill: pass 1 alone, counting as the single JVM counts. */
    @Test
    void aRepairOfAnEmptyIndexEndsWithPass1() {
        for (boolean unique : new boolean[] {false, true}) {
            String local = table("people");
            String spread = table("people");
            fill(local, size(12, 6), 20);
            fill(spread, size(12, 6), 20);
            IndexTable ix = byCity(local, unique).open(store);
            IndexDefinition spreadIndex = byCity(spread, unique);
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            IndexVerification expected = ix.repair();
            assertTrue(expected.missing() > 0 && expected.entriesChecked() > 0, expected.toString());
            sameCounts(expected, new IndexJobs(spark, new PrintStream(printed, true, UTF_8)).repair(spreadIndex));
            String said = printed.toString(UTF_8);
            assertTrue(said.contains("pass 1 alone follows") && !said.contains("pass 2"), said);
            sameCounts(ix.verify(), spreadIndex.open(store).verify());
        }
    }

    /** IndexVerification of every kind: items written around the index, moved to another city, or deleted. */
    private void drift(String base, IndexTable ix, boolean unique) {
        int n = 0;
        for (Item item : scanned(base).values()) {
            n++;
            if (unique && item.has("city")) {
                item = item.toBuilder().put("city", "c" + n).build();
            }
            if (n % 3 == 0) {
                ix.put(item);
            }
        }
        n = 0;
        for (Item item : scanned(base).values()) {
            n++;
            if (n % 7 == 0) {
                store.put(base, item.toBuilder().put("city", "Moved" + (n % 4)).build());
            } else if (n % 11 == 0) {
                store.delete(base, item.key());
            }
        }
    }

    private static void sameCounts(IndexVerification expected, IndexVerification actual) {
        assertEquals(List.of(expected.baseItemsChecked(), expected.entriesChecked(), expected.missing(),
                expected.dangling(), expected.duplicates()), List.of(actual.baseItemsChecked(), actual.entriesChecked(),
                actual.missing(), actual.dangling(), actual.duplicates()), "single JVM " + expected + ", Spark " + actual);
        assertEquals(Math.min(IndexVerification.SAMPLE, expected.missing()), actual.missingSample().size());
        assertEquals(Math.min(IndexVerification.SAMPLE, expected.dangling()), actual.danglingSample().size());
    }

    @Test
    void verifyAndRepairFindWhatTheSingleJvmAuditFinds() {
        for (boolean unique : new boolean[] {false, true}) {
            // The same drift in two tables: one audited in this JVM, the other by Spark.
            String local = table("people");
            String spread = table("people");
            IndexDefinition localIndex = byCity(local, unique);
            IndexDefinition spreadIndex = byCity(spread, unique);
            fill(local, size(12, 6), 20);
            fill(spread, size(12, 6), 20);
            IndexTable ix = localIndex.open(store);
            IndexTable sx = spreadIndex.open(store);
            drift(local, ix, unique);
            drift(spread, sx, unique);
            IndexVerification expected = ix.verify();
            assertTrue(expected.missing() > 0 && expected.dangling() > 0, expected.toString());
            if (unique) {
                assertTrue(expected.duplicates() > 0, expected.toString());
            }
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            IndexJobs jobs = new IndexJobs(spark, new PrintStream(printed, true, UTF_8));
            sameCounts(expected, jobs.verify(spreadIndex));
            assertTrue(printed.toString(UTF_8).contains("drift: both passes follow"),
                    printed.toString(UTF_8));
            sameCounts(expected, sx.verify());
            sameCounts(ix.repair(), jobs.repair(spreadIndex));
            IndexVerification after = ix.verify();
            printed.reset();
            sameCounts(after, jobs.verify(spreadIndex));
            String look = printed.toString(UTF_8);
            assertTrue(look.contains(unique ? "drift: both passes follow" : "no drift")
                    && (unique || !look.contains("pass 1")), look);
            sameCounts(after, sx.verify());
            assertEquals(0, after.dangling(), after.toString());
            assertEquals(unique ? expected.duplicates() : 0, after.duplicates(), after.toString());
            if (!unique) {
                assertTrue(after.consistent(), after.toString());
            }
        }
    }

    /** Shadow drift of every kind: items changed or deleted after their shadow was made, shadows lost or left over. */
    private void shadowDrift(String primary, String shadow) {
        int n = 0;
        for (Item item : scanned(primary).values()) {
            n++;
            if (n % 5 == 0) {
                store.put(primary, item.toBuilder().put("city", "Moved" + (n % 3)).build());
            } else if (n % 7 == 0) {
                store.delete(primary, item.key());
            } else if (n % 9 == 0) {
                store.delete(shadow, item.key());
            }
        }
        for (int i = 0; i < 6; i++) {
            store.put(shadow, Item.builder("ghost" + i, "s").put("city", "Nowhere").build());
        }
    }

    @Test
    void shadowRebuildAndVerifyEqualTheSingleJvmRepairAndVerify() {
        // The same tables twice: one audited in this JVM, the other by Spark.
        String local = table("people");
        String spread = table("people");
        int items = fill(local, 10, size(15, 8)).size();
        fill(spread, 10, size(15, 8));
        List<String> kept = List.of("city", "tags");
        ShadowDefinition localShadow = ShadowDefinition.keeping(TableOptions.of(uri, people(local), 4),
                local + "_shadow", kept);
        ShadowDefinition spreadShadow = ShadowDefinition.keeping(TableOptions.of(uri, people(spread), 4),
                spread + "_shadow", kept);
        ShadowTable ls = localShadow.open(store);
        ShadowTable ss = spreadShadow.open(store);
        ShadowJobs jobs = new ShadowJobs(spark, null);

        ShadowVerification built = jobs.rebuild(spreadShadow);
        assertEquals(ls.repair(), built);
        assertEquals(items, built.wrong(), built.toString());
        assertEquals(ls.verify(), jobs.verify(spreadShadow));
        assertTrue(ss.verify().consistent(), ss.verify().toString());

        shadowDrift(local, local + "_shadow");
        shadowDrift(spread, spread + "_shadow");
        ShadowVerification expected = ls.verify();
        assertTrue(expected.wrong() > 20, expected.toString());
        assertEquals(expected, jobs.verify(spreadShadow));
        assertEquals(expected, ss.verify());
        assertEquals(ls.repair(), jobs.rebuild(spreadShadow));
        assertTrue(ss.verify().consistent(), ss.verify().toString());
        assertEquals(new ShadowVerification(2L * scanned(spread).size(), 0), jobs.verify(spreadShadow));
        Map<Key, Item> projected = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        scanned(spread).values().forEach(i -> ShadowTable.keeping("city", "tags").apply(i)
                .ifPresent(s -> projected.put(s.key(), s)));
        assertEquals(projected, scanned(spread + "_shadow"));
    }

    @Test
    void framesPerValueEqualsTheSingleJvmAggregation() {
        String name = table("visits");
        store.createTable(TableSpec.named(name));
        List<dev.nosqlpatterns.store.model.Write> writes = new ArrayList<>();
        for (int user = 0; user < 40; user++) {
            for (int visit = 0; visit < 1 + user % 9; visit++) {
                writes.add(dev.nosqlpatterns.store.model.Write.put(name, Item.builder("user" + user, "v" + visit)
                        .put("site", "site" + ((user * visit) % 6)).build()));
            }
        }
        for (int i = 0; i < writes.size(); i += 40) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 40)));
        }
        Map<String, Long> expected = dev.nosqlpatterns.rollup.FrameAggregation.over(store, name, 3, 50)
                .framesPerValue(i -> i.getString("site"));
        Map<String, Set<String>> brute = new HashMap<>();
        store.scanAll(Scan.of(name)).forEach(i -> brute.computeIfAbsent(i.getString("site").orElseThrow(),
                s -> new HashSet<>()).add(i.key().partition()));
        assertEquals(brute.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> (long) e.getValue().size())),
                expected);
        FrameJobs jobs = new FrameJobs(spark, null);
        TableOptions table = TableOptions.of(uri, name, 5);
        assertEquals(expected, jobs.framesPerValue(table, ItemValue.attribute("site")));
        Map<String, Set<String>> perUser = new HashMap<>();
        brute.forEach((site, users) -> users.forEach(u -> perUser.computeIfAbsent(u, x -> new TreeSet<>()).add(site)));
        Map<String, List<String>> perFrame = jobs.distinctValuesPerFrame(table, ItemValue.attribute("site")).collectAsMap();
        assertEquals(40, perFrame.size());
        perFrame.forEach((user, sites) -> assertEquals(perUser.get(user), new TreeSet<>(sites), user));
    }

    @Test
    void aMigrationBackfillsAsTasksWhileTheApplicationWrites() throws Exception {
        SparkMigrationCheck.run(spark, store, uri, table("m"), size(40, 16));
    }

    @Test
    void graphDistancesComponentsAndPageRankEqualTheBatchGraphProcessor() {
        String name = table("graph");
        dev.nosqlpatterns.graph.GraphTable graph = dev.nosqlpatterns.graph.GraphTable.open(store, name);
        List<dev.nosqlpatterns.graph.Edge> edges = new ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        int half = size(30, 12);
        for (int i = 0; i < 3 * half; i++) {
            int from = random.nextInt(2 * half);
            int to = from < half ? random.nextInt(half) : half + random.nextInt(half);
            edges.add(dev.nosqlpatterns.graph.Edge.of("v" + from, "v" + to));
        }
        graph.addEdges(edges);
        graph.addVertices(List.of("alone", "v7"));
        // The single-JVM answers, on this store or (where calls are slow) on an in-memory copy of the graph:
        // BatchGraphProcessor's answers do not depend on the store, as the conformance kit checks.
        Store reference = slowCalls() ? Stores.open("memory://spark-graph-reference-" + System.nanoTime()) : store;
        dev.nosqlpatterns.graph.GraphTable expectedGraph = graph;
        if (slowCalls()) {
            expectedGraph = dev.nosqlpatterns.graph.GraphTable.open(reference, name);
            expectedGraph.addEdges(edges);
            expectedGraph.addVertices(List.of("alone", "v7"));
        }
        Set<String> sources = Set.of("v0", "v" + (half + 15 % half), "nowhere");
        Map<String, Long> distances = dev.nosqlpatterns.graph.BatchGraphProcessor.builder(expectedGraph, table("work"))
                .build().run(dev.nosqlpatterns.graph.GraphJob.distances(sources)).toMap();
        Map<String, String> components = dev.nosqlpatterns.graph.BatchGraphProcessor.builder(expectedGraph,
                table("work")).build().run(dev.nosqlpatterns.graph.GraphJob.components()).toMap();
        assertTrue(distances.size() > size(10, 3) && components.containsValue("alone"), distances + " " + components);
        int rounds = size(8, 4);
        Map<String, Double> ranks = dev.nosqlpatterns.graph.BatchGraphProcessor.builder(expectedGraph, table("work"))
                .build().run(dev.nosqlpatterns.graph.GraphJob.pageRank(0.85, 1e-9, rounds)).toMap();
        if (slowCalls()) {
            reference.close();
        }
        GraphJobs jobs = new GraphJobs(spark, null);
        TableOptions table = TableOptions.of(uri, name, 4);
        assertEquals(distances, jobs.distances(table, sources));
        assertEquals(components, jobs.components(table));
        Map<String, Double> spread = jobs.pageRank(table, 0.85, 1e-9, rounds);
        assertEquals(ranks.keySet(), spread.keySet());
        ranks.forEach((v, r) -> assertEquals(r, spread.get(v), 1e-12, v));
        assertEquals(1.0, spread.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
    }
}
