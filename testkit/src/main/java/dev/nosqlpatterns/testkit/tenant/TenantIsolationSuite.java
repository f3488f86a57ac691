package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tenants in the bridge and pool models share one store and must never see each other. Three tenants with ids
 * made to collide (a prefix of another, key separators, escapes, odd Unicode) write the same keys, index values,
 * geo points and search terms, each item marked with its owner; every read, lookup, query, cursor, scan, search
 * and verify through one tenant's handle must answer its own items alone, and off-boarding one tenant must remove
 * all of its data and nothing of the others'. Every test runs once per model: bridge (tables of each tenant's own)
 * and pool (tables shared by all three, the tenant's code leading every key).
 */
public abstract class TenantIsolationSuite extends StoreSuite {
    private static final List<String> TENANTS = List.of("acme", "acme_", "ac|me\\:\u00e9\uD83D\uDE00");
    private static final LatLon SHOP = LatLon.of(51.5007, -0.1246);

    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);
    private static final AtomicLong TESTS = new AtomicLong();

    private Tenants tenants;
    private String suffix;

    @BeforeEach
    void suffix() {
        suffix = "_" + RUN + TESTS.incrementAndGet();
    }

    /** The tenants of this test, in {@code model}, with a registry of their own. */
    private Tenants tenants(TenancyModel model) {
        tenants = KitTenants.builder(store).model(model).registryTable(reserveTable()).build();
        return tenants;
    }

    /** A table name of this test alone, so that the pool's shared tables never meet another test's. */
    private String name(String base) {
        return base + suffix;
    }

    /** Off-boards every tenant; the pool's shared tables stay after their tenants leave, so they are dropped. */
    @AfterEach
    void offboardAll() {
        if (tenants == null) {
            return;
        }
        Set<String> tables = new TreeSet<>();
        for (String t : tenants.tenantIds()) {
            tables.addAll(tenants.tablesOf(t));
            tenants.offboard(t);
        }
        if (tenants.model() == TenancyModel.POOL) {
            tables.forEach(store::dropTable);
        }
    }

    /** The items of {@code table} in tenant {@code t}: the same keys in every tenant, each marked with its owner. */
    private static void fill(Store on, String table, String t) {
        for (int i = 0; i < 5; i++) {
            on.put(table, Item.builder(Key.of("user|" + i, "<BASE>")).put("owner", t).put("city", "Oslo")
                    .put("rank", i).build());
        }
    }

    private static void assertOwned(List<Item> items, String t, int expected, String what) {
        assertEquals(expected, items.size(), what + " in tenant '" + t + "': " + items);
        items.forEach(i -> assertEquals(Value.of(t), i.get("owner").orElse(null), what + " in tenant '" + t
                + "' answered another tenant's item " + i));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void readsQueriesScansAndCursorsStayInTheirTenant(TenancyModel model) {
        tenants(model);
        String table = name("users");
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            on.createTable(TableSpec.named(table));
            fill(on, table, t);
        }
        Page firstOfAcme = tenants.forTenant("acme").query(Query.in(table, "user|0").limit(1));
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            assertOwned(on.scanAll(Scan.of(table)).toList(), t, 5, "scan");
            assertOwned(pages(on, Scan.of(table).limit(2)), t, 5, "scan by pages");
            assertOwned(List.of(on.get(table, Key.of("user|3", "<BASE>")).orElseThrow()), t, 1, "get");
            assertOwned(on.queryAll(Query.in(table, "user|1")).toList(), t, 1, "query");
            if (firstOfAcme.next().isPresent()) {
                Page after = on.query(Query.in(table, "user|0").after(firstOfAcme.next().get()));
                after.items().forEach(i -> assertEquals(Value.of(t), i.get("owner").orElse(null),
                        "a cursor issued to another tenant answered its item " + i));
            }
            assertEquals(names(table), new TreeSet<>(tenants.tablesOf(t)), "tables recorded for '" + t + "'");
        }
    }

    /** Every item of a scan read page by page with its cursors, pages that come back empty included. */
    static List<Item> pages(Store on, Scan first) {
        List<Item> out = new ArrayList<>();
        Page page = on.scan(first);
        for (int guard = 0; guard < 10_000; guard++) {
            out.addAll(page.items());
            if (page.next().isEmpty()) {
                return out;
            }
            page = on.scan(first.after(page.next().get()));
        }
        throw new AssertionError("the scan did not end");
    }

    private static Set<String> names(String... names) {
        return new TreeSet<>(List.of(names));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void indexTablesAndUniqueValuesAreTheTenantsOwn(TenancyModel model) {
        tenants(model);
        String people = name("people");
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            on.createTable(TableSpec.named(people));
            IndexTable byCity = IndexTable.builder(on).baseTable(people).indexTable(name("byCity")).attribute("city")
                    .build();
            IndexTable byEmail = IndexTable.builder(on).baseTable(people).indexTable(name("byEmail"))
                    .attribute("email").unique(true).build();
            for (int i = 0; i < 3; i++) {
                Item person = Item.builder(Key.of("user|" + i, "<BASE>")).put("owner", t).put("city", "Oslo")
                        .put("email", "u" + i + "@example.com").build();
                byCity.put(person);
                // The same unique value in every tenant: a claim of one tenant never refuses another's.
                byEmail.put(person);
            }
        }
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            IndexTable byCity = IndexTable.builder(on).baseTable(people).indexTable(name("byCity")).attribute("city")
                    .build();
            IndexTable byEmail = IndexTable.builder(on).baseTable(people).indexTable(name("byEmail"))
                    .attribute("email").unique(true).build();
            assertOwned(byCity.find("Oslo"), t, 3, "index table lookup");
            assertOwned(List.of(byEmail.findUnique("u1@example.com").orElseThrow()), t, 1, "unique lookup");
            assertTrue(byCity.verify().consistent(), "verify in tenant '" + t + "': " + byCity.verify());
            assertTrue(byEmail.verify().consistent(), "verify in tenant '" + t + "': " + byEmail.verify());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void nativeIndexesAnswerTheTenantsItemsAlone(TenancyModel model) {
        assumeCapability(Capability.NATIVE_SECONDARY_INDEX);
        tenants(model);
        String members = name("members");
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            on.createTable(TableSpec.builder(members).attribute("rank", Value.Type.NUMBER)
                    .index(IndexSpec.of("byCity", "city")).index(IndexSpec.of("byRank", "rank")).build());
            fill(on, members, t);
        }
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            assertOwned(on.queryIndex(IndexQuery.of(members, "byCity", Value.of("Oslo")).limit(100)).items(), t, 5,
                    "native index query");
            List<Item> paged = new ArrayList<>();
            IndexQuery twoAtATime = IndexQuery.of(members, "byCity", Value.of("Oslo")).limit(2);
            Page page = on.queryIndex(twoAtATime);
            paged.addAll(page.items());
            for (int guard = 0; page.next().isPresent() && guard < 100; guard++) {
                page = on.queryIndex(twoAtATime.after(page.next().get()));
                paged.addAll(page.items());
            }
            assertOwned(paged, t, 5, "native index query by pages");
            List<Item> ranked = on.queryIndex(IndexQuery.of(members, "byRank", Value.of(2))).items();
            assertOwned(ranked, t, 1, "native index query on a number");
            assertEquals(Value.of(2), ranked.get(0).get("rank").orElse(null), "the number read back");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void geoIndexesFindTheTenantsPointsAlone(TenancyModel model) {
        tenants(model);
        List<GeoIndex.Strategy> strategies = store.has(Capability.NATIVE_GEO)
                ? List.of(GeoIndex.Strategy.CELLS, GeoIndex.Strategy.NATIVE) : List.of(GeoIndex.Strategy.CELLS);
        for (GeoIndex.Strategy strategy : strategies) {
            String table = name("shops" + strategy.ordinal());
            for (String t : TENANTS) {
                GeoIndex geo = GeoIndex.builder(tenants.forTenant(t), table).strategy(strategy).build();
                geo.put("shared", SHOP);
                geo.put("own-" + TENANTS.indexOf(t), SHOP);
            }
            for (String t : TENANTS) {
                GeoIndex geo = GeoIndex.builder(tenants.forTenant(t), table).strategy(strategy).build();
                Set<String> found = geo.withinRadius(SHOP, 1_000, 10).stream().map(GeoHit::id)
                        .collect(Collectors.toCollection(TreeSet::new));
                assertEquals(names("own-" + TENANTS.indexOf(t), "shared"), found,
                        strategy + " search in tenant '" + t + "'");
                assertTrue(geo.verify().consistent(), strategy + " verify in tenant '" + t + "': " + geo.verify());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void invertedSearchCountsTheTenantsDocumentsAlone(TenancyModel model) {
        tenants(model);
        for (String t : TENANTS) {
            InvertedSearch search = InvertedSearch.builder(tenants.forTenant(t), name("postings"), name("direct"))
                    .build();
            for (int i = 0; i <= TENANTS.indexOf(t); i++) {
                search.index(Document.builder("doc" + i).add("colour", "red").build());
            }
        }
        for (String t : TENANTS) {
            InvertedSearch search = InvertedSearch.builder(tenants.forTenant(t), name("postings"), name("direct"))
                    .build();
            assertEquals(TENANTS.indexOf(t) + 1, search.count(Term.of("colour", "red")), "count in tenant '" + t + "'");
            assertTrue(search.verify().consistent(), "verify in tenant '" + t + "': " + search.verify());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void offboardingRemovesEveryTableOfTheTenantAndNothingElse(TenancyModel model) {
        tenants(model);
        String people = name("people");
        String byCityTable = name("byCity");
        for (String t : TENANTS) {
            Store on = tenants.forTenant(t);
            on.createTable(TableSpec.named(people));
            IndexTable byCity = IndexTable.builder(on).baseTable(people).indexTable(byCityTable).attribute("city")
                    .build();
            for (int i = 0; i < 4; i++) {
                byCity.put(Item.builder(Key.of("user|" + i, "<BASE>")).put("owner", t).put("city", "Oslo").build());
            }
        }
        String gone = TENANTS.get(0);
        List<String> codes = TENANTS.stream().map(t -> tenants.codeOf(t).orElseThrow()).toList();
        tenants.offboard(gone);
        tenants.offboard(gone); // again, as after a crash: nothing left to do, nothing of the others touched
        assertEquals(List.of(), tenants.tablesOf(gone));
        assertTrue(!tenants.tenantIds().contains(gone), "the registry still lists '" + gone + "'");
        if (model == TenancyModel.POOL) {
            // The shared tables as the store holds them: nothing keyed by the code of the tenant gone.
            for (String table : List.of(people, byCityTable)) {
                store.createTable(TableSpec.named(table));
                List<String> partitions = store.scanAll(Scan.of(table)).map(i -> i.key().partition()).toList();
                for (int k = 0; k < codes.size(); k++) {
                    String code = codes.get(k);
                    long held = partitions.stream().filter(p -> p.startsWith(code)).count();
                    assertTrue(k == 0 ? held == 0 : held >= 4, "items of tenant '" + TENANTS.get(k) + "' in shared"
                            + " table " + table + ": " + held);
                }
            }
        }
        Store again = tenants.forTenant(gone);
        again.createTable(TableSpec.named(people));
        assertEquals(0, again.scanAll(Scan.of(people)).count(), "items of the off-boarded tenant are left");
        for (String t : TENANTS.subList(1, TENANTS.size())) {
            IndexTable byCity = IndexTable.builder(tenants.forTenant(t)).baseTable(people).indexTable(byCityTable)
                    .attribute("city").build();
            assertOwned(byCity.find("Oslo"), t, 4, "lookup after another tenant left");
            assertTrue(byCity.verify().consistent(), "verify in tenant '" + t + "'");
        }
    }
}
