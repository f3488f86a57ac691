package dev.nosqlpatterns.testkit.tenant;

import static dev.nosqlpatterns.testkit.tenant.DerivedDataTenants.in;
import static dev.nosqlpatterns.testkit.tenant.DerivedDataTenants.tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.aggregate.AggregateStore;
import dev.nosqlpatterns.composite.CompositeIndex;
import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.graph.BatchGraphProcessor;
import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphJob;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.nested.NestedFlattening;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Derived data through tenant handles: composite keys, counters and atomic aggregates, denormalized copies, nested
 * documents (flattened, and queried on their elements where the store can), batch graph jobs, migrations and bulk
 * jobs ({@link TenantBulkJobs}), for three tenants with colliding ids that write the same keys, tuples, values,
 * index values, counter names, vertex ids, document ids and job names. Every read, query, cursor, batch, verify,
 * repair, job and migration through one tenant's handle answers exactly what that tenant holds, and leaves every
 * table of the other tenants exactly as it was. Each test runs in the bridge and the pool model.
 */
public abstract class TenantDerivedDataSuite extends StoreSuite {
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);
    private static final AtomicLong TESTS = new AtomicLong();
    private static final Map<String, Value> POETRY = Map.of("skill", Value.of("Poetry"), "level",
            Value.of("Excellent"));

    private DerivedDataTenants tenants;
    private String suffix;

    @BeforeEach
    void suffix() {
        suffix = "_" + RUN + TESTS.incrementAndGet();
    }

    /** The tenants of this test, in {@code model}, with a registry of their own. */
    DerivedDataTenants tenants(TenancyModel model) {
        tenants = new DerivedDataTenants(store, model, reserveTable());
        return tenants;
    }

    /** A table name of this test alone, so that the pool's shared tables never meet another test's. */
    String name(String base) {
        return base + suffix;
    }

    @AfterEach
    void offboardAll() {
        if (tenants != null) {
            tenants.offboardAll();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void compositeKeysCountersAndAggregatesStayInTheirTenant(TenancyModel model) {
        DerivedDataTenants ts = tenants(model);
        String composite = name("tuples");
        String counters = name("counters");
        Key views = Key.of("counter|views", "<C>");
        Key cart = Key.of("cart|1#2", "<CART>");
        Map<Integer, List<List<Object>>> expected = new TreeMap<>();
        ts.each(i -> {
            Store on = ts.on(i);
            CompositeIndex index = CompositeIndex.create(on, composite, 1, SegmentType.STRING, SegmentType.STRING,
                    SegmentType.LONG);
            List<List<Object>> mine = new ArrayList<>(List.of(List.of("CA", "", 1L), List.of("CA", "A:B", 2L),
                    List.of("CA", "San Jose", 10L + i)));
            for (int k = 0; k < i; k++) {
                mine.add(List.of("CA", "San Jose|" + k, 3L));
            }
            mine.forEach(t -> index.put(t, Map.of("owner", Value.of(tag(i)))));
            index.put(List.of("C", "A", 1L), Map.of("owner", Value.of(tag(i))));
            expected.put(i, mine);
            on.createTable(TableSpec.named(counters));
            for (int n = 0; n <= i; n++) {
                on.update(counters, views, UpdateAction.add("n", 1));
            }
            AggregateStore.builder(on, counters).build().create(Item.builder(cart).put("owner", tag(i))
                    .put("lines", i).build());
        });
        ts.actEach(i -> {
            Store on = ts.on(i);
            CompositeIndex index = CompositeIndex.create(on, composite, 1, SegmentType.STRING, SegmentType.STRING,
                    SegmentType.LONG);
            List<List<Object>> mine = expected.get(i);
            mine.sort(java.util.Comparator.comparing((List<Object> t) -> (String) t.get(1))
                    .thenComparing(t -> (Long) t.get(2)));
            List<List<Object>> paged = new ArrayList<>();
            Optional<Cursor> cursor = Optional.empty();
            do {
                CompositeIndex.CompositePage page = index.query(List.of("CA"), false, 1, cursor);
                page.entries().forEach(e -> {
                    assertEquals(Value.of(tag(i)), e.attributes().get("owner"), "entry " + e + in(i));
                    paged.add(e.tuple());
                });
                cursor = page.next();
            } while (cursor.isPresent());
            assertEquals(mine, paged, "composite query by pages" + in(i));
            assertEquals(List.of(List.of("C", "A", 1L)), index.queryAll(List.of("C"), true)
                    .map(CompositeIndex.Entry::tuple).toList(), "composite query of another partition" + in(i));
            index.remove(List.of("CA", "A:B", 2L));
            mine.remove(List.of("CA", "A:B", 2L));
            assertEquals(mine, index.queryAll(List.of("CA"), false).map(CompositeIndex.Entry::tuple).toList(),
                    "composite query after a removal" + in(i));
            Item counted = on.update(counters, views, UpdateAction.add("n", 1));
            assertEquals(Optional.of(i + 2L), counted.getLong("n"), "counter" + in(i));
            AggregateStore carts = AggregateStore.builder(on, counters).build();
            Item modified = carts.modify(cart, c -> c.toBuilder().put("lines", 100 + i).build());
            assertEquals(Value.of(tag(i)), modified.get("owner").orElseThrow(), "aggregate" + in(i));
            assertEquals(Optional.of(100L + i), carts.get(cart).orElseThrow().getLong("lines"), "aggregate" + in(i));
        });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void denormalizedCopiesFanOutVerifyAndRepairInTheirTenant(TenancyModel model) {
        DerivedDataTenants ts = tenants(model);
        String providers = name("providers");
        String articles = name("articles");
        CopyRule rule = new CopyRule(providers, "<BASE>", "name", articles, "providerId", "providerName",
                name("byProvider"));
        ts.each(i -> {
            Store on = ts.on(i);
            on.createTable(TableSpec.named(providers));
            on.createTable(TableSpec.named(articles));
            Denormalizer d = Denormalizer.of(on, List.of(rule));
            on.put(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC " + tag(i)).build());
            on.put(providers, Item.builder("provider|cnn", "<BASE>").put("name", "CNN").build());
            for (int a = 0; a < 3 + i; a++) {
                d.putTarget(articles, Item.builder("article|" + a, "<BASE>").put("owner", tag(i))
                        .put("providerId", "provider|bbc").build());
            }
            d.putTarget(articles, Item.builder("article|cnn", "<BASE>").put("owner", tag(i))
                    .put("providerId", "provider|cnn").build());
        });
        ts.actEach(i -> {
            Store on = ts.on(i);
            Denormalizer d = Denormalizer.of(on, List.of(rule));
            assertEquals(3 + i, d.putSource(providers, Item.builder("provider|bbc", "<BASE>")
                    .put("name", "BBC News " + tag(i)).build()), "copies fanned out" + in(i));
            for (int a = 0; a < 3 + i; a++) {
                Item article = d.getTarget(articles, Key.of("article|" + a, "<BASE>")).orElseThrow();
                assertEquals(Value.of("BBC News " + tag(i)), article.get("providerName").orElseThrow(), "copy" + in(i));
                assertEquals(Value.of(tag(i)), article.get("owner").orElseThrow(), "copy" + in(i));
            }
            assertTrue(d.verify(rule).consistent(), "verify" + in(i) + ": " + d.verify(rule));
            // A copy made stale behind the denormalizer's back: verify and repair find it alone.
            on.update(articles, Key.of("article|1", "<BASE>"), UpdateAction.set("providerName", Value.of("stale")));
            CopyVerification stale = d.verify(rule);
            assertEquals(4 + i, stale.targetsChecked(), "targets checked" + in(i) + ": " + stale);
            assertEquals(1, stale.stale(), "stale copies" + in(i) + ": " + stale);
            assertEquals(1, d.repair(rule).stale(), "copies repaired" + in(i));
            assertTrue(d.verify(rule).consistent(), "verify after the repair" + in(i));
            assertEquals(1, d.deleteSource(providers, Key.of("provider|cnn", "<BASE>")), "copies of a deleted source"
                    + in(i));
        });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void nestedDocumentsAreFlattenedAndQueriedInTheirTenant(TenancyModel model) {
        DerivedDataTenants ts = tenants(model);
        String resumes = name("resumes");
        String index = name("skills");
        boolean elements = store.has(Capability.NESTED_DOCUMENTS);
        boolean text = store.has(Capability.TEXT_SEARCH);
        ts.each(i -> {
            Store on = ts.on(i);
            assertEquals(elements, on.has(Capability.NESTED_DOCUMENTS), "queries on elements" + in(i));
            on.createTable(TableSpec.named(resumes));
            for (int r = 0; r < 3 + i; r++) {
                on.put(resumes, resume(r, i, r % 2 == 0));
            }
            if (text) {
                NestedFlattening flat = NestedFlattening.open(on, index, List.of("level", "skill"),
                        NestedFlattening.Strategy.PROXIMITY, 4);
                for (int r = 0; r < 3 + i; r++) {
                    flat.put("resume|" + r, r % 2 == 0 ? List.of(Map.of("level", "Excellent", "skill", "Poetry"))
                            : List.of(Map.of("level", "Excellent", "skill", "Java"), Map.of("level", "Poor",
                                    "skill", "Poetry")));
                }
            }
        });
        Map<Integer, Set<String>> flattened = new TreeMap<>();
        ts.actEach(i -> {
            Store on = ts.on(i);
            List<Key> poets = new ArrayList<>();
            for (int r = 0; r < 3 + i; r += 2) {
                poets.add(Key.of("resume|" + r, "<BASE>"));
                assertEquals(resume(r, i, true), on.get(resumes, Key.of("resume|" + r, "<BASE>")).orElseThrow(),
                        "a resume read back" + in(i));
            }
            if (elements) {
                assertEquals(poets, on.nestedDocuments().findByElement(resumes, "skills", POETRY, 100),
                        "query on elements" + in(i));
                List<Key> first = on.nestedDocuments().findByElement(resumes, "skills", POETRY, 1);
                assertEquals(poets.subList(0, 1), first, "query on elements, limit 1" + in(i));
            }
            // A list compared and replaced by a conditional update: the comparison sees what the tenant wrote.
            Item one = resume(1, i, false);
            Item updated = on.update(Write.update(resumes, one.key(), UpdateAction.set("skills",
                    resume(1, i, true).get("skills").orElseThrow())).when(Condition.attributeEquals("skills",
                    one.get("skills").orElseThrow())));
            assertEquals(resume(1, i, true), updated, "a list updated" + in(i));
            if (elements) {
                poets.add(1, one.key());
                assertEquals(poets, on.nestedDocuments().findByElement(resumes, "skills", POETRY, 100),
                        "query on elements after an update" + in(i));
            }
            if (elements && ts.model() == TenancyModel.POOL) {
                Item forged = Item.builder("resume|x", "<BASE>").put("skills", Value.list(Value.map(Map.of(
                        "skill", Value.of("Poetry"), "~tenant", Value.of("t" + "a".repeat(10)))))).build();
                assertThrows(InvalidRequestException.class, () -> on.put(resumes, forged), "an element with the"
                        + " pool's own field" + in(i));
            }
            if (text) {
                NestedFlattening flat = NestedFlattening.open(on, index, List.of("level", "skill"),
                        NestedFlattening.Strategy.PROXIMITY, 4);
                Set<String> expected = new TreeSet<>();
                poets.stream().filter(k -> !k.equals(one.key())).forEach(k -> expected.add(k.partition()));
                assertEquals(expected, new TreeSet<>(flat.findElement(Map.of("level", "Excellent", "skill", "Poetry"),
                        100)), "flattened elements" + in(i));
                flat.delete("resume|0");
                expected.remove("resume|0");
                assertEquals(expected, new TreeSet<>(flat.findElement(Map.of("level", "Excellent", "skill", "Poetry"),
                        100)), "flattened elements after a delete" + in(i));
                flattened.put(i, expected);
                // Text indexes are not in the tables: the others' answers are compared here.
                flattened.forEach((other, theirs) -> assertEquals(theirs, new TreeSet<>(NestedFlattening.open(
                        ts.on(other), index, List.of("level", "skill"), NestedFlattening.Strategy.PROXIMITY, 4)
                        .findElement(Map.of("level", "Excellent", "skill", "Poetry"), 100)), "flattened" + in(other)
                        + " after tenant " + i + " acted"));
            }
        });
    }

    /** A resume of tenant {@code i}: one element with both fields (a poet), or the fields in two elements. */
    private static Item resume(int r, int i, boolean poet) {
        Value skills = poet
                ? Value.list(Value.map(Map.of("skill", Value.of("Poetry"), "level", Value.of("Excellent"))))
                : Value.list(Value.map(Map.of("skill", Value.of("Java"), "level", Value.of("Excellent"))),
                        Value.map(Map.of("skill", Value.of("Poetry"), "level", Value.of("Poor"))));
        return Item.builder("resume|" + r, "<BASE>").put("owner", tag(i)).put("skills", skills).build();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void footprintsAreOfTheTenantsOwnTableOrNone(TenancyModel model) {
        org.junit.jupiter.api.Assumptions.assumeTrue(store.maintenance().hasFootprints(),
                () -> "the " + store.kind() + " store reports no storage footprint");
        DerivedDataTenants ts = tenants(model);
        String table = name("sized");
        ts.each(i -> {
            Store on = ts.on(i);
            on.createTable(TableSpec.named(table));
            on.put(table, Item.builder("k|" + i, "<BASE>").put("owner", tag(i)).build());
            if (model == TenancyModel.POOL) {
                assertTrue(!on.maintenance().hasFootprints() && on.maintenance().footprint(table).isEmpty(),
                        "a shared table's footprint is every tenant's, not the tenant's" + in(i));
            } else {
                assertEquals(table, on.maintenance().footprint(table).orElseThrow().table(), "footprint" + in(i));
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void batchGraphJobsRunOnTheirTenantsGraph(TenancyModel model) {
        DerivedDataTenants ts = tenants(model);
        String graph = name("graph");
        String work = name("graphWork");
        List<String> vertices = List.of("a", "b", "c", "d|e", "d");
        List<Edge> chain = List.of(Edge.of("a", "b"), Edge.of("b", "c"), Edge.of("c", "d|e"));
        ts.each(i -> {
            GraphTable g = GraphTable.open(ts.on(i), graph);
            g.addVertices(vertices);
            g.addEdges(chain.subList(0, i + 1));
        });
        ts.actEach(i -> {
            GraphTable g = GraphTable.open(ts.on(i), graph);
            BatchGraphProcessor processor = BatchGraphProcessor.builder(g, work).segments(2).parallelism(2)
                    .pageSize(3).batchSize(2).build();
            Map<String, Long> distances = new TreeMap<>();
            Map<String, String> components = new TreeMap<>();
            for (int v = 0; v <= i + 1; v++) {
                distances.put(vertices.get(v), (long) v);
                components.put(vertices.get(v), "a");
            }
            vertices.subList(i + 2, vertices.size()).forEach(v -> components.put(v, v));
            assertEquals(distances, new TreeMap<>(processor.run(GraphJob.distances(Set.of("a"))).toMap()),
                    "distances" + in(i));
            assertEquals(components, new TreeMap<>(processor.run(GraphJob.components()).toMap()), "components"
                    + in(i));
            processor.clear();
        });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void migrationsMoveTheirTenantsEntitiesAlone(TenancyModel model) {
        TenantBulkJobs.migrations(tenants(model), this::name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void bulkSavesAndIndexRepairsWriteTheirTenantsDataAlone(TenancyModel model) {
        TenantBulkJobs.entityBulk(tenants(model), this::name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void indexTablesAndGroupsVerifyAndRepairTheirTenantsEntriesAlone(TenancyModel model) {
        TenantBulkJobs.indexTables(tenants(model), this::name);
    }
}
