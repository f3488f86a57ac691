package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.TenantMove;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.KitRun;
import dev.nosqlpatterns.testkit.SecondServer;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Silo tenants on two real servers of the same store: tenant {@code acme} on the main server and {@code acme_} on
 * a second, independent one ({@link dev.nosqlpatterns.testkit.StoreConformanceKit#startSecondServer()}), with ids
 * made to collide and the same keys, index values, unique values and geo points. Every read, query, scan, verify
 * and repair through one tenant answers its own data alone and leaves the other's as it was; the second server,
 * read through a store of its own, holds the second tenant's data alone. A pool tenant of the main server moves to
 * a silo on the second server while a writer keeps changing it, and afterwards the second server holds exactly
 * what the writer left and the main server nothing of the tenant; off-boarding a silo tenant leaves nothing on its
 * server. Without a second server (DynamoDB Local, Cassandra, a Redis cluster: not cheap to start twice) every test
 * is skipped, saying so.
 *
 * <p>Why a second server: {@link TenantMoveSuite} proves moves into a silo that is a namespace of its own in the
 * same store, which every store can run, but only two servers show that a silo tenant's data and the derived data
 * of its techniques reach its own server alone. Table, geo set and index names carry a suffix of the test's own,
 * as a silo keeps the logical names.
 */
public abstract class TenantSiloSuite extends StoreSuite {
    private static final String A = "acme";
    private static final String B = "acme_";
    private static final LatLon SHOP = LatLon.of(51.5007, -0.1246);
    private static final int PEOPLE = 20;
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);
    private static final AtomicLong TESTS = new AtomicLong();

    private final List<Tenants> made = new ArrayList<>();
    private final Set<String> poolTables = new TreeSet<>();
    private String suffix;
    /** The store the silo function hands out for the second server. */
    private Store siloHost;
    /** Another client of the second server, to read what it holds without any tenancy in between. */
    private Store second;

    @BeforeEach
    void openSecondServer() {
        Optional<SecondServer> started = secondServer();
        Assumptions.assumeTrue(started.isPresent(), () -> "the conformance test of this " + store.kind()
                + " store offers no second server (StoreConformanceKit.startSecondServer()), so silos on a server of"
                + " their own are not proven here");
        siloHost = Store.of(started.get().openBackend());
        second = Store.of(started.get().openBackend());
        suffix = "_" + RUN + TESTS.incrementAndGet();
    }

    @AfterEach
    void offboardAndClose() {
        try {
            for (Tenants t : made) {
                t.tenantIds().forEach(t::offboard);
            }
            poolTables.forEach(store::dropTable);
        } finally {
            made.clear();
            poolTables.clear();
            if (siloHost != null) {
                siloHost.close();
                second.close();
            }
        }
    }

    private String name(String base) {
        return base + suffix;
    }

    /** Silo tenants whose registry is on the main server, each tenant's store chosen by {@code silos}. */
    private Tenants silos(Function<String, Store> silos) {
        Tenants t = KitTenants.builder(store).model(TenancyModel.SILO).registryTable(reserveTable()).silos(silos).build();
        made.add(t);
        return t;
    }

    /** Tenant {@link #B} on the second server, every other on the main one. */
    private Tenants twoServers() {
        return silos(id -> id.equals(B) ? siloHost : store);
    }

    private boolean bothHave(Capability capability) {
        return store.has(capability) && second.has(capability);
    }

    private IndexTable byCity(Store on) {
        on.createTable(TableSpec.named(name("people")));
        return IndexTable.builder(on).baseTable(name("people")).indexTable(name("byCity")).attribute("city").build();
    }

    private IndexTable byEmail(Store on) {
        on.createTable(TableSpec.named(name("people")));
        return IndexTable.builder(on).baseTable(name("people")).indexTable(name("byEmail")).attribute("email")
                .unique(true).build();
    }

    private GeoIndex shops(Store on) {
        return GeoIndex.builder(on, name("shops")).strategy(GeoIndex.Strategy.CELLS).build();
    }

    private static Item person(int id, String owner, String city) {
        return Item.builder(Key.of("user|" + id, "<BASE>")).put("owner", owner).put("city", city)
                .put("email", "u" + id + "@example.com").build();
    }

    /** Every item of each table as {@code on} holds it, declared there first; tables in name order. */
    private static Map<String, List<Item>> contents(Store on, List<String> tables) {
        Map<String, List<Item>> out = new TreeMap<>();
        for (String table : tables) {
            on.createTable(TableSpec.named(table));
            out.put(table, on.scanAll(Scan.of(table)).sorted(Comparator.comparing(Item::key,
                    Comparator.comparing(Key::partition).thenComparing(Key::sort))).toList());
        }
        return out;
    }

    private static void assertOwned(List<Item> items, String t, int expected, String what) {
        assertEquals(expected, items.size(), what + " in tenant '" + t + "': " + items);
        items.forEach(i -> assertEquals(Value.of(t), i.get("owner").orElse(null), what + " in tenant '" + t
                + "' answered another tenant's item " + i));
    }

    private static Set<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void siloTenantsOnTwoServersAnswerTheirOwnDataAlone() {
        Tenants tenants = twoServers();
        boolean nativeGeo = bothHave(Capability.NATIVE_GEO);
        String homes = name("homes");
        for (String t : List.of(A, B)) {
            Store on = tenants.forTenant(t);
            IndexTable byCity = byCity(on);
            IndexTable byEmail = byEmail(on);
            for (int i = 0; i < 5; i++) {
                byCity.put(person(i, t, "Oslo"));
                byEmail.put(person(i, t, "Oslo"));
            }
            shops(on).putAll(Map.of("shared", SHOP, "own-" + t, SHOP));
            if (nativeGeo) {
                on.nativeGeo().putPoint(homes, "shared", SHOP.latitude(), SHOP.longitude());
                on.nativeGeo().putPoint(homes, "own-" + t, SHOP.latitude(), SHOP.longitude());
            }
        }
        List<String> tablesOfB = tenants.tablesOf(B);
        assertTrue(tablesOfB.containsAll(List.of(name("people"), name("byCity"), name("byEmail"), name("shops"))),
                "tables recorded: " + tablesOfB);
        Map<String, List<Item>> heldByB = contents(second, tablesOfB);
        assertEquals(contents(tenants.forTenant(B), tablesOfB), heldByB, "the second server holds the silo's data");
        for (String t : List.of(A, B)) {
            Store on = tenants.forTenant(t);
            String people = name("people");
            assertOwned(on.scanAll(Scan.of(people)).toList(), t, 5, "scan");
            assertOwned(TenantIsolationSuite.pages(on, Scan.of(people).limit(2)), t, 5, "scan by pages");
            assertOwned(List.of(on.get(people, Key.of("user|3", "<BASE>")).orElseThrow()), t, 1, "get");
            assertOwned(on.queryAll(Query.in(people, "user|1")).toList(), t, 1, "query");
            IndexTable byCity = byCity(on);
            IndexTable byEmail = byEmail(on);
            GeoIndex shops = shops(on);
            assertOwned(byCity.find("Oslo"), t, 5, "index table lookup");
            assertOwned(List.of(byEmail.findUnique("u1@example.com").orElseThrow()), t, 1, "unique lookup");
            assertTrue(byCity.verify().consistent(), t + ": " + byCity.verify());
            assertTrue(byEmail.verify().consistent(), t + ": " + byEmail.verify());
            assertTrue(shops.verify().consistent(), t + ": " + shops.verify());
            assertEquals(Set.of("shared", "own-" + t), ids(shops.withinRadius(SHOP, 1_000, 10)), "geo cells of " + t);
            if (nativeGeo) {
                assertEquals(Set.of("shared", "own-" + t), ids(on.nativeGeo().withinRadius(homes, SHOP.latitude(),
                        SHOP.longitude(), 1_000, 10)), "native geo of " + t);
            }
        }
        // Writes and repairs through the tenant of the main server, on the same keys, values and points.
        Store a = tenants.forTenant(A);
        byCity(a).delete(Key.of("user|0", "<BASE>"));
        byEmail(a).delete(Key.of("user|0", "<BASE>"));
        byCity(a).put(person(1, A, "Bergen"));
        assertTrue(byCity(a).repair().consistent());
        assertTrue(byEmail(a).repair().consistent());
        shops(a).remove("shared");
        assertTrue(shops(a).repair().consistent());
        if (nativeGeo) {
            a.nativeGeo().removePoint(homes, "shared");
            assertEquals(Set.of("shared", "own-" + B), ids(second.nativeGeo().withinRadius(homes, SHOP.latitude(),
                    SHOP.longitude(), 1_000, 10)), "native geo points on the second server");
        }
        assertEquals(heldByB, contents(second, tablesOfB), "the second server's data after the other tenant's writes");
        assertOwned(heldByB.get(name("people")), B, 5, "the second server's people");
        List<String> tablesOfA = tenants.tablesOf(A);
        Map<String, List<Item>> heldByA = contents(store, tablesOfA);
        assertEquals(contents(a, tablesOfA), heldByA, "the main server holds its silo's data");
        assertOwned(heldByA.get(name("people")), A, 4, "the main server's people");
        for (String table : tablesOfB) {
            assertEquals(heldByB.get(table).size(), second.maintenance().countStored(table),
                    "items the second server holds in " + table);
        }
        for (String table : tablesOfA) {
            assertEquals(heldByA.get(table).size(), store.maintenance().countStored(table),
                    "items the main server holds in " + table);
        }
    }

    /** Moves people between cities, removes them and their shops, until stopped; answers each one's last city. */
    private Map<Integer, String> write(Store on, AtomicBoolean stop, long seed) {
        IndexTable people = byCity(on);
        GeoIndex shops = shops(on);
        Map<Integer, String> last = new HashMap<>();
        Random random = new Random(seed);
        for (int i = 0; i < 400 && (i < 30 || !stop.get()); i++) {
            int id = random.nextInt(PEOPLE);
            if (random.nextInt(4) == 0) {
                people.delete(Key.of("user|" + id, "<BASE>"));
                shops.remove("p" + id);
                last.put(id, null);
            } else {
                int city = random.nextInt(4);
                people.put(person(id, A, "city" + city));
                shops.put("p" + id, LatLon.of(59 + city, 10));
                last.put(id, "city" + city);
            }
        }
        return last;
    }

    @Test
    void aPoolTenantMovesToASiloOnTheSecondServerWhileItIsWritten() throws Exception {
        Tenants pool = KitTenants.builder(store).model(TenancyModel.POOL).registryTable(reserveTable()).build();
        made.add(pool);
        Tenants silos = silos(id -> siloHost);
        byCity(pool.forTenant(B)).put(person(1, B, "city1"));
        IndexTable people = byCity(pool.forTenant(A));
        GeoIndex shopsBefore = shops(pool.forTenant(A));
        Map<Integer, String> expected = new TreeMap<>();
        for (int i = 0; i < PEOPLE; i++) {
            people.put(person(i, A, "city0"));
            shopsBefore.put("p" + i, LatLon.of(59, 10));
            expected.put(i, "city0");
        }
        String code = pool.codeOf(A).orElseThrow();
        List<String> tables = pool.tablesOf(A);
        poolTables.addAll(tables);
        TenantMove move = TenantMove.builder(pool, silos, A).phaseLease(Duration.ZERO).build();
        AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Map<Integer, String>> writer = CompletableFuture.supplyAsync(() ->
                write(move.store(), stop, KitRun.current().derive("tenant silo move")));
        move.copy();
        move.switchOver();
        stop.set(true);
        expected.putAll(writer.get());
        move.cleanup();

        // The second server, read directly: exactly what the writer left.
        Map<String, String> want = new TreeMap<>();
        Map<String, Double> wantShops = new TreeMap<>();
        expected.forEach((id, city) -> {
            if (city != null) {
                want.put("user|" + id, city);
                wantShops.put("p" + id, 59.0 + city.charAt(4) - '0');
            }
        });
        Map<String, List<Item>> held = contents(second, tables);
        assertEquals(want, held.get(name("people")).stream().collect(Collectors.toMap(i -> i.key().partition(),
                i -> i.getString("city").orElseThrow(), (x, y) -> x, TreeMap::new)), "people on the second server");
        assertEquals(want.size(), second.maintenance().countStored(name("people")));
        IndexTable after = byCity(second);
        assertTrue(after.verify().consistent(), after.verify().toString());
        for (int c = 0; c < 4; c++) {
            String city = "city" + c;
            assertEquals(want.entrySet().stream().filter(e -> e.getValue().equals(city)).map(Map.Entry::getKey)
                    .toList(), after.find(city).stream().map(i -> i.key().partition()).sorted().toList(), city);
        }
        GeoIndex shops = shops(second);
        assertTrue(shops.verify().consistent(), shops.verify().toString());
        Map<String, Double> shopsHeld = shops.withinBox(new LatLonBox(58.5, 9.5, 62.5, 10.5), 1_000)
                .stream().collect(Collectors.toMap(GeoHit::id, h -> h.point().latitude(), (x, y) -> x, TreeMap::new));
        assertEquals(wantShops.keySet(), shopsHeld.keySet(), "shops on the second server");
        wantShops.forEach((id, lat) -> assertEquals(lat, shopsHeld.get(id), 1e-4, id));

        // The main server: nothing of the tenant, its neighbour whole.
        assertFalse(pool.tenantIds().contains(A), "the pool still registers the moved tenant");
        for (String table : tables) {
            store.createTable(TableSpec.named(table));
            assertEquals(List.of(), store.scanAll(Scan.of(table)).filter(i -> i.key().partition().startsWith(code))
                    .toList(), "items of the moved tenant left on the main server in " + table);
        }
        assertEquals(1, store.maintenance().countStored(name("people")), "the main server's people: the neighbour's");
        assertOwned(byCity(pool.forTenant(B)).find("city1"), B, 1, "the neighbour's lookup");
    }

    @Test
    void offboardingASiloTenantLeavesNothingOnItsServer() {
        Tenants tenants = twoServers();
        boolean nativeGeo = bothHave(Capability.NATIVE_GEO);
        boolean text = bothHave(Capability.TEXT_SEARCH);
        for (String t : List.of(A, B)) {
            Store on = tenants.forTenant(t);
            IndexTable byCity = byCity(on);
            GeoIndex shops = shops(on);
            for (int i = 0; i < 10; i++) {
                byCity.put(person(i, t, "city" + i % 3));
                shops.put("shop" + i, LatLon.of(59 + i / 100.0, 10));
                if (nativeGeo) {
                    on.nativeGeo().putPoint(name("homes"), "home" + i, 59 + i / 100.0, 10);
                }
                if (text) {
                    on.textSearch().indexDocument(name("texts"), "text" + i, Map.of("body", "red apples " + i));
                }
            }
        }
        List<String> tablesOfB = tenants.tablesOf(B);
        Map<String, Long> heldByA = new TreeMap<>();
        for (String table : tablesOfB) {
            assertTrue(second.maintenance().countStored(table) > 0, "the second server holds nothing in " + table);
            heldByA.put(table, store.maintenance().countStored(table));
        }
        tenants.offboard(B);

        assertFalse(tenants.tenantIds().contains(B), "the tenant is still registered");
        for (String table : tablesOfB) {
            assertEquals(0, second.maintenance().countStored(table), "items left on the second server in " + table);
        }
        if (nativeGeo) {
            assertEquals(List.of(), second.nativeGeo().nearest(name("homes"), 59, 10, 5), "native geo points left");
        }
        if (text) {
            assertEquals(List.of(), second.textSearch().searchPhrase(name("texts"), "body", "red apples", 0, 5),
                    "text documents left");
        }
        for (String table : tablesOfB) {
            assertEquals(heldByA.get(table), store.maintenance().countStored(table), "the main server's " + table);
        }
        Store a = tenants.forTenant(A);
        assertOwned(byCity(a).find("city1"), A, 3, "the main server's tenant's lookup");
        if (nativeGeo) {
            assertEquals(5, a.nativeGeo().nearest(name("homes"), 59, 10, 5).size(), "the main server's geo points");
        }
    }
}
