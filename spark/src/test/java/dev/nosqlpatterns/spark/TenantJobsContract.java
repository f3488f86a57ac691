package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The jobs and the data source inside one tenant of a shared store, in the bridge and the pool model: two tenants
 * ({@link TenantData}) hold the same keys, index values and entity ids; every job run through tenant A answers
 * exactly A's data, and B's data, read through its own handle, is the same to the byte afterwards. Each test also
 * runs a job in B or without a tenant, to show that the data would tell a job that reached B.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TenantJobsContract {
    protected SparkSession spark;
    protected Store store;
    protected String uri;

    /** The URI of a shared store every task of the JVM reaches, with its items. */
    protected abstract String storeUri();

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

    private TableOptions options(String table, TenantOptions tenant) {
        return TableOptions.of(uri, TenantData.people(table), 3).tenant(tenant);
    }

    private IndexDefinition byCity(String table, TenantOptions tenant) {
        TableOptions base = tenant == null ? TableOptions.of(uri, TenantData.people(table), 3) : options(table, tenant);
        return IndexDefinition.of(base, table + "_by_city", b -> b.attribute("city").claimLease(java.time.Duration.ZERO));
    }

    private static void sameCounts(IndexVerification expected, IndexVerification actual) {
        assertEquals(List.of(expected.baseItemsChecked(), expected.entriesChecked(), expected.missing(),
                expected.dangling(), expected.duplicates()), List.of(actual.baseItemsChecked(), actual.entriesChecked(),
                actual.missing(), actual.dangling(), actual.duplicates()), "expected " + expected + ", got " + actual);
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void indexBackfillVerifyAndRepairReachOneTenant(TenancyModel model) {
        TenantData t = TenantData.of(store, uri, model, false);
        String base = TenantData.name("people");
        List<Item> a = t.fill(t.a, base, 6, 8, 0);
        List<Item> b = t.fill(t.b, base, 8, 8, 1);
        IndexDefinition inA = byCity(base, t.optionsA);
        IndexDefinition inB = byCity(base, t.optionsB);
        // B's index drifts: entries of a third of its items, one of them stale.
        IndexTable bIndex = inB.open(t.b);
        for (int i = 0; i < b.size(); i += 3) {
            bIndex.put(b.get(i));
        }
        t.b.delete(base, b.get(3).key());
        IndexVerification bDrift = bIndex.verify();
        assertTrue(bDrift.missing() > 0 && bDrift.dangling() > 0, bDrift.toString());
        Map<String, Map<String, String>> bBefore = t.snapshotB();
        IndexTable aIndex = inA.open(t.a);

        IndexJobs jobs = new IndexJobs(spark, null);
        IndexVerification backfill = jobs.backfill(inA);
        long aCities = a.stream().filter(i -> i.has("city")).count();
        assertEquals(a.size(), backfill.baseItemsChecked());
        assertEquals(aCities, backfill.missing());
        for (String city : TenantData.CITIES) {
            Set<Key> expected = a.stream().filter(i -> i.getString("city").orElse("").equals(city)).map(Item::key)
                    .collect(Collectors.toSet());
            assertEquals(expected, aIndex.find(city).stream().map(Item::key).collect(Collectors.toSet()), city);
        }
        IndexVerification verified = jobs.verify(inA);
        assertTrue(verified.consistent(), verified.toString());
        assertEquals(List.of((long) a.size(), aCities), List.of(verified.baseItemsChecked(), verified.entriesChecked()));

        t.a.put(base, a.get(1).toBuilder().put("city", "Moved").build());
        t.a.delete(base, a.get(2).key());
        IndexVerification aDrift = aIndex.verify();
        assertTrue(aDrift.missing() == 1 && aDrift.dangling() == 2, aDrift.toString());
        IndexVerification repaired = jobs.repair(inA);
        // Pass 2 of a repair reads the entry pass 1 added.
        assertEquals(List.of(aDrift.baseItemsChecked(), aDrift.entriesChecked() + 1, 1L, 2L, 0L),
                List.of(repaired.baseItemsChecked(), repaired.entriesChecked(), repaired.missing(),
                        repaired.dangling(), repaired.duplicates()), repaired.toString());
        assertTrue(aIndex.verify().consistent(), aIndex.verify().toString());

        assertEquals(bBefore, t.snapshotB(), "tenant B's items and entries, byte for byte");
        sameCounts(bDrift, bIndex.verify());
        // The same job in B finds B's drift; without a tenant it reads B's items in the shared table.
        sameCounts(bDrift, jobs.verify(inB));
        IndexVerification shared = jobs.verify(byCity(t.physicalB(base), null));
        assertEquals(b.size() - 1 + (model == TenancyModel.POOL ? a.size() - 1 : 0), shared.baseItemsChecked());
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void shadowRebuildReachesOneTenant(TenancyModel model) {
        TenantData t = TenantData.of(store, uri, model, false);
        String primary = TenantData.name("people");
        List<Item> a = t.fill(t.a, primary, 5, 6, 0);
        List<Item> b = t.fill(t.b, primary, 6, 6, 1);
        ShadowDefinition inA = ShadowDefinition.keeping(options(primary, t.optionsA), primary + "_shadow",
                List.of("city"));
        ShadowDefinition inB = ShadowDefinition.keeping(options(primary, t.optionsB), primary + "_shadow",
                List.of("city"));
        ShadowTable bShadow = inB.open(t.b);
        bShadow.repair();
        t.b.put(primary, b.get(4).toBuilder().put("city", "Moved").build());
        t.b.delete(primary + "_shadow", b.get(7).key());
        t.b.put(primary + "_shadow", Item.builder("ghost", "s").put("city", "Nowhere").build());
        ShadowVerification bDrift = bShadow.verify();
        assertEquals(4, bDrift.wrong(), bDrift.toString()); // the stale shadow counts from both sides
        Map<String, Map<String, String>> bBefore = t.snapshotB();
        ShadowTable aShadow = inA.open(t.a);

        ShadowJobs jobs = new ShadowJobs(spark, null);
        assertEquals(new ShadowVerification(2L * a.size(), a.size()), jobs.rebuild(inA));
        assertEquals(new ShadowVerification(2L * a.size(), 0), jobs.verify(inA));
        Map<Key, Item> projected = TenantData.byKey(a.stream().map(i -> ShadowTable.keeping("city").apply(i))
                .flatMap(java.util.Optional::stream).toList());
        assertEquals(projected, TenantData.byKey(t.a.scanAll(Scan.of(primary + "_shadow")).toList()));
        assertTrue(aShadow.verify().consistent());

        assertEquals(bBefore, t.snapshotB(), "tenant B's items and shadows, byte for byte");
        assertEquals(bDrift, bShadow.verify());
        assertEquals(bDrift, jobs.verify(inB));
    }

    private Dataset<Row> read(String table, TenantOptions tenant) {
        Map<String, String> o = new TreeMap<>(TableOptions.of(uri, TenantData.people(table), 3).asMap());
        if (tenant != null) {
            o.putAll(tenant.asMap());
        }
        return spark.read().format(StoreDataSource.NAME).options(o).load();
    }

    private static List<Item> items(Dataset<Row> rows) {
        return rows.collectAsList().stream().map(TenantJobsContract::item).toList();
    }

    private static Item item(Row row) {
        Item.Builder b = Item.builder(row.<String>getAs("pk"), row.<String>getAs("sk"));
        if (!row.isNullAt(row.fieldIndex("city"))) {
            b.put("city", row.<String>getAs("city"));
        }
        if (!row.isNullAt(row.fieldIndex("age"))) {
            b.put("age", row.<java.math.BigDecimal>getAs("age"));
        }
        Map<String, String> attrs = row.getJavaMap(row.fieldIndex("attrs"));
        attrs.forEach((k, v) -> b.put(k, AttributeText.decode(v)));
        return b.build();
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void aDatasetReadAndWriteReachOneTenant(TenancyModel model) {
        // The pool tenancy keeps its registry in the default table.
        TenantData t = TenantData.of(store, uri, model, model == TenancyModel.POOL);
        String name = TenantData.name("people");
        List<Item> a = t.fill(t.a, name, 5, 6, 0);
        List<Item> b = t.fill(t.b, name, 6, 6, 1);
        String copy = TenantData.name("copy");
        t.fill(t.b, copy, 6, 6, 2);
        Map<String, Map<String, String>> bBefore = t.snapshotB();

        assertEquals(TenantData.byKey(a), TenantData.byKey(items(read(name, t.optionsA))));
        List<Item> p1 = a.stream().filter(i -> i.key().partition().equals("p1")).toList();
        assertEquals(TenantData.byKey(p1), TenantData.byKey(items(read(name, t.optionsA).where("pk = 'p1'"))));
        Map<String, String> write = new TreeMap<>(t.optionsA.asMap());
        write.put("uri", uri);
        write.put("table", copy);
        write.put("batchSize", "4");
        read(name, t.optionsA).repartition(2).write().format(StoreDataSource.NAME).options(write).mode("append").save();
        t.a.createTable(TenantData.people(copy));
        assertEquals(TenantData.byKey(a), TenantData.byKey(t.a.scanAll(Scan.of(copy)).toList()));

        assertEquals(bBefore, t.snapshotB(), "tenant B's tables, byte for byte");
        assertEquals(TenantData.byKey(b), TenantData.byKey(items(read(name, t.optionsB))));
        assertNotEquals(TenantData.byKey(a), TenantData.byKey(b));
        // Without a tenant, the shared table holds B's items (and, pooled, A's), under other partition keys.
        assertEquals(b.size() + (model == TenancyModel.POOL ? a.size() : 0), read(t.physicalB(name), null).count());
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void aMigrationRunsInOneTenant(TenancyModel model) {
        TenantData t = TenantData.of(store, uri, model, false);
        SparkMigrationCheck.CreditsByPerson definition = new SparkMigrationCheck.CreditsByPerson(TenantData.name("m"));
        EntityRepository a = EntityRepository.of(t.a, definition.byMovie());
        EntityRepository b = EntityRepository.of(t.b, definition.byMovie());
        a.createTables();
        b.createTables();
        for (int i = 0; i < 16; i++) {
            if (i < 10) {
                a.save(definition.byMovie(), new SparkMigrationCheck.Credit("tt" + i % 3, "nm" + i, "actor", i));
            }
            b.save(definition.byMovie(), new SparkMigrationCheck.Credit("tt" + i % 3, "nm" + i, "writer", 100 + i));
        }
        Map<String, Map<String, String>> bBefore = t.snapshotB();

        MigrationReport report = new MigrationJobs(spark, null).run(uri, t.optionsA, definition);
        assertEquals(MigrationPhase.DONE, report.phase(), report.toString());
        assertEquals(10, report.itemsMigrated(), report.toString());
        EntityRepository aNew = EntityRepository.of(t.a, definition.byPerson());
        aNew.createTables();
        Map<String, SparkMigrationCheck.Credit> migrated = new TreeMap<>();
        Map<String, SparkMigrationCheck.Credit> expected = new TreeMap<>();
        for (int i = 0; i < 10; i++) {
            expected.put("nm" + i, new SparkMigrationCheck.Credit("tt" + i % 3, "nm" + i, "ACTOR", i));
            aNew.get(definition.byPerson(), Map.of("person", "nm" + i, "movie", "tt" + i % 3))
                    .ifPresent(c -> migrated.put(c.person(), c));
        }
        assertEquals(expected, migrated);
        assertEquals(10, t.a.scanAll(Scan.of(definition.byPerson().table())).count(), "nothing more in A's new form");
        assertEquals(List.of(), t.a.scanAll(Scan.of(definition.byMovie().table())).toList(), "A's old form is gone");

        assertEquals(bBefore, t.snapshotB(), "tenant B's credits and tables, byte for byte");
        assertEquals(16, new MigrationJobs(spark, null).backfill(uri, t.optionsB, definition).itemsMigrated());
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void framesAndGraphsReadOneTenant(TenancyModel model) {
        TenantData t = TenantData.of(store, uri, model, false);
        String visits = TenantData.name("visits");
        for (Store s : List.of(t.a, t.b)) {
            s.createTable(TableSpec.named(visits));
            int users = s == t.a ? 6 : 9;
            for (int u = 0; u < users; u++) {
                for (int v = 0; v <= u % 3; v++) {
                    s.put(visits, Item.builder("user" + u, "v" + v).put("site", (s == t.a ? "a" : "b") + (u + v) % 4)
                            .build());
                }
            }
        }
        String graph = TenantData.name("graph");
        GraphTable.open(t.a, graph).addEdges(List.of(Edge.of("a", "b"), Edge.of("b", "c"), Edge.of("x", "y")));
        GraphTable.open(t.b, graph).addEdges(List.of(Edge.of("b", "x"), Edge.of("c", "a"), Edge.of("z", "a")));
        Map<String, Map<String, String>> bBefore = t.snapshotB();

        Map<String, Long> expected = dev.nosqlpatterns.rollup.FrameAggregation.over(t.a, visits, 3, 50)
                .framesPerValue(i -> i.getString("site"));
        assertTrue(expected.keySet().stream().allMatch(s -> s.startsWith("a")), expected.toString());
        FrameJobs frames = new FrameJobs(spark, null);
        assertEquals(expected, frames.framesPerValue(TableOptions.of(uri, visits, 3).tenant(t.optionsA),
                ItemValue.attribute("site")));
        assertEquals(Map.of("a", "a", "b", "a", "c", "a", "x", "x", "y", "x"),
                new GraphJobs(spark, null).components(TableOptions.of(uri, graph, 3).tenant(t.optionsA)));

        assertEquals(bBefore, t.snapshotB(), "tenant B's tables, byte for byte");
        assertEquals(Map.of("a", "a", "c", "a", "z", "a", "b", "b", "x", "b"),
                new GraphJobs(spark, null).components(TableOptions.of(uri, graph, 3).tenant(t.optionsB)));
    }
}
