package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.KitRun;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Off-boarding a tenant that holds every kind of derived data: items with an index table, geohash cells, an
 * inverted search, and the store's native geo set and text index where it has them. Off-boarding crashes after a
 * write chosen by the kit seed, is repeated, and must leave nothing of the tenant: every table it had is scanned
 * in the store itself (a bridge tenant's tables by their stored names, a pool tenant's keys in the shared tables),
 * and its native set and index are searched. The other tenant keeps everything.
 *
 * <p>The tenant's size is the system property {@value #ITEMS} (100 by default; {@code 100000} for the soak run);
 * the time off-boarding took is printed, not asserted.
 */
public abstract class TenantOffboardingSuite extends StoreSuite {
    /** The system property naming how many items, cells and documents the off-boarded tenant holds. */
    public static final String ITEMS = "nosqlpatterns.kit.offboardItems";
    private static final int WINDOW = 500;
    private static final int NATIVE_TEXT_DOCUMENTS = 200;

    private static int items() {
        String value = System.getProperty(ITEMS, "100").trim();
        try {
            int n = Integer.parseInt(value);
            if (n >= 10) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(ITEMS + " must be a whole number of at least 10, got '" + value + "'");
    }

    private static IndexTable people(Store on) {
        on.createTable(TableSpec.named("people"));
        return IndexTable.builder(on).baseTable("people").indexTable("peopleByCity").attribute("city").build();
    }

    private static GeoIndex shops(Store on) {
        return GeoIndex.builder(on, "shops").name("shops").strategy(GeoIndex.Strategy.CELLS).build();
    }

    private static InvertedSearch notes(Store on) {
        return InvertedSearch.builder(on, "notePostings", "noteDirect").build();
    }

    /** Loads {@code n} of everything into {@code on}, in windows. */
    private void load(Store on, int n) {
        IndexGroup group = IndexGroup.of(List.of(people(on)));
        GeoIndex shops = shops(on);
        InvertedSearch notes = notes(on);
        for (int start = 0; start < n; start += WINDOW) {
            int end = Math.min(n, start + WINDOW);
            List<Item> window = new ArrayList<>();
            Map<String, LatLon> points = new LinkedHashMap<>();
            List<Document> documents = new ArrayList<>();
            List<GeoPoint> nativePoints = new ArrayList<>();
            for (int i = start; i < end; i++) {
                window.add(Item.builder(Key.of("user|" + i, "<BASE>")).put("city", "city" + i % 7).build());
                LatLon at = LatLon.of(59 + (i % 100) / 100.0, 10 + (i / 100 % 100) / 100.0);
                points.put("shop" + i, at);
                nativePoints.add(new GeoPoint("shop" + i, at.latitude(), at.longitude()));
                documents.add(Document.builder("note" + i).add("tag", "red", "t" + i % 11).build());
            }
            group.putAll(window);
            shops.putAll(points);
            notes.indexAll(documents);
            if (store.has(Capability.NATIVE_GEO)) {
                on.nativeGeo().putPoints("homes", nativePoints);
            }
        }
        if (store.has(Capability.TEXT_SEARCH)) {
            for (int i = 0; i < Math.min(n, NATIVE_TEXT_DOCUMENTS); i++) {
                on.textSearch().indexDocument("texts", "text" + i, Map.of("body", "red apples " + i));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void offboardingATenantOfEveryStructureAfterACrashLeavesNothing(TenancyModel model) {
        int n = items();
        String registry = reserveTable();
        Tenants tenants = KitTenants.builder(store).model(model).registryTable(registry).build();
        try {
            load(tenants.forTenant("stays"), 10);
            load(tenants.forTenant("leaves"), n);
            String code = tenants.codeOf("leaves").orElseThrow();
            List<String> tables = tenants.tablesOf("leaves");
            assertTrue(tables.containsAll(List.of("people", "peopleByCity", "shops", "notePostings", "noteDirect")),
                    "tables recorded: " + tables);
            int crashAt = 1 + new Random(KitRun.current().derive("offboarding crash " + model)).nextInt(30);
            Tenants faulty = KitTenants.builder(crashingStore(crashAt, FaultInjectingBackend.When.AFTER)).model(model)
                    .registryTable(registry).build();
            long started = System.nanoTime();
            try {
                faulty.offboard("leaves");
            } catch (RuntimeException crash) {
                assertTrue(crash.getClass().getSimpleName().contains("Crash"), "not a simulated crash: " + crash);
            }
            tenants.offboard("leaves");
            System.out.printf("off-boarding %,d items, cells and documents of a %s tenant on %s, crashed at write %d "
                    + "and repeated: %.1f s%n", n, model, store.kind(), crashAt, (System.nanoTime() - started) / 1e9);

            assertFalse(tenants.tenantIds().contains("leaves"), "the tenant is still registered");
            assertEquals(List.of(), tenants.tablesOf("leaves"));
            for (String table : tables) {
                assertEquals(0, itemsLeft(model, code, table), "items of the tenant left in table " + table);
            }
            Store again = tenants.forTenant("leaves");
            assertEquals(code, tenants.codeOf("leaves").orElseThrow(), "a new registration takes the same code");
            if (store.has(Capability.NATIVE_GEO)) {
                assertEquals(List.of(), again.nativeGeo().nearest("homes", 59.5, 10.5, 5), "native geo points left");
            }
            if (store.has(Capability.TEXT_SEARCH)) {
                assertEquals(List.of(), again.textSearch().searchPhrase("texts", "body", "red apples", 0, 5),
                        "text documents left");
            }
            tenants.offboard("leaves");

            Store stays = tenants.forTenant("stays");
            assertEquals(10, people(stays).find("city0").size() + people(stays).find("city1").size()
                    + people(stays).find("city2").size() + people(stays).find("city3").size()
                    + people(stays).find("city4").size() + people(stays).find("city5").size()
                    + people(stays).find("city6").size(), "the other tenant's people");
            assertEquals(10, shops(stays).nearest(LatLon.of(59.5, 10.5), 50).size(), "the other tenant's shops");
            assertEquals(10, notes(stays).find(Criteria.has("tag", "red")).size(), "the other tenant's notes");
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    /**
     * The items of the tenant in {@code table}, read from the store itself: a bridge tenant's table under its
     * stored name (created empty here if it was dropped, then dropped again), a pool tenant's keys among every
     * tenant's in the shared table.
     */
    private long itemsLeft(TenancyModel model, String code, String table) {
        if (model == TenancyModel.BRIDGE) {
            String stored = code + "_" + table;
            store.createTable(TableSpec.named(stored));
            try {
                return store.scanAll(Scan.of(stored)).count();
            } finally {
                store.dropTable(stored);
            }
        }
        store.createTable(TableSpec.named(table));
        return store.scanAll(Scan.of(table)).filter(i -> i.key().partition().startsWith(code)).count();
    }
}
