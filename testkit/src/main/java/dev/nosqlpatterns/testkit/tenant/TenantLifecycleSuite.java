package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.TenantOffboardedException;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.ShiftingClock;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A tenant's life in a shared store: off-boarding removes its native geo sets and text indexes as well as its
 * tables and leaves the other tenants whole, it completes when repeated after a crash at any of its writes, a
 * handle another process holds is refused once its lease has run out and writes nothing, and an export hands over
 * every item of the tenant and nothing of another's.
 */
public abstract class TenantLifecycleSuite extends StoreSuite {
    private Tenants tenants(Store on, String registry, TenancyModel model) {
        return KitTenants.builder(on).model(model).registryTable(registry).build();
    }

    private static IndexTable people(Store on) {
        on.createTable(TableSpec.named("people"));
        return IndexTable.builder(on).baseTable("people").indexTable("peopleByCity").attribute("city").build();
    }

    private static void fill(IndexTable people, String owner, int count) {
        for (int i = 0; i < count; i++) {
            people.put(Item.builder(Key.of("user|" + i, "<BASE>")).put("owner", owner).put("city", "Oslo").build());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void offboardingDropsTheTenantsNativeGeoSetsAndTextIndexes(TenancyModel model) {
        org.junit.jupiter.api.Assumptions.assumeTrue(store.has(Capability.NATIVE_GEO) || store.has(Capability.TEXT_SEARCH),
                "the " + store.kind() + " store keeps no geo set or text index apart from its tables");
        Tenants tenants = tenants(store, reserveTable(), model);
        try {
            for (String t : List.of("gone", "stays")) {
                Store on = tenants.forTenant(t);
                if (store.has(Capability.NATIVE_GEO)) {
                    on.nativeGeo().putPoints("shops", List.of(new GeoPoint("s1", 59.91, 10.75)));
                }
                if (store.has(Capability.TEXT_SEARCH)) {
                    on.textSearch().indexDocument("docs", "d1", Map.of("body", "red apples"));
                }
            }
            tenants.offboard("gone");
            for (String t : List.of("gone", "stays")) {
                Store on = tenants.forTenant(t);
                int expected = t.equals("stays") ? 1 : 0;
                if (store.has(Capability.NATIVE_GEO)) {
                    List<GeoHit> hits = on.nativeGeo().withinRadius("shops", 59.91, 10.75, 1_000, 10);
                    assertEquals(expected, hits.size(), "geo set of tenant '" + t + "' after 'gone' left: " + hits);
                }
                if (store.has(Capability.TEXT_SEARCH)) {
                    List<String> found = on.textSearch().searchPhrase("docs", "body", "red apples", 0, 10);
                    assertEquals(expected, found.size(), "text index of tenant '" + t + "' after 'gone' left");
                }
            }
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    /** Off-boarding crashed after each of its writes, then repeated, removes the tenant and nothing else. */
    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void offboardingRepeatedAfterACrashAtAnyWriteFinishes(TenancyModel model) {
        String registry = reserveTable();
        Tenants tenants = tenants(store, registry, model);
        try {
            fill(people(tenants.forTenant("bystander")), "bystander", 3);
            boolean crashed = true;
            for (int write = 1; crashed; write++) {
                String victim = "victim" + write;
                fill(people(tenants.forTenant(victim)), victim, 3);
                Tenants faulty = tenants(crashingStore(write, FaultInjectingBackend.When.AFTER), registry, model);
                try {
                    faulty.offboard(victim);
                    crashed = false;
                } catch (RuntimeException crash) {
                    assertTrue(crash.getClass().getSimpleName().contains("Crash"), "not a simulated crash: " + crash);
                }
                tenants.offboard(victim);
                assertTrue(!tenants.tenantIds().contains(victim), "'" + victim + "' still registered");
                assertEquals(List.of(), tenants.tablesOf(victim));
                Store again = tenants.forTenant(victim);
                again.createTable(TableSpec.named("people"));
                assertEquals(0, again.scanAll(Scan.of("people")).count(), "items of '" + victim + "' left");
                tenants.offboard(victim);
                assertTrue(write < 50, "off-boarding never finished without a crash");
            }
            IndexTable bystander = people(tenants.forTenant("bystander"));
            assertEquals(3, bystander.find("Oslo").size(), "the bystander lost items");
            assertTrue(bystander.verify().consistent(), "the bystander's index: " + bystander.verify());
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    /**
     * Two processes over one store and registry each hold a handle of the same tenant; one off-boards it. Once its
     * lease has run out (the clock is moved, not waited for), the other process's handle is refused every write
     * (items, tables, native geo points and text documents), and nothing it tried to write exists; reads through it
     * see what is left. A handle made before the tenant was off-boarded and registered again is refused too, while a
     * new one works.
     */
    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void aHandleOfAnotherProcessIsRefusedOnceItsTenantIsOffboarded(TenancyModel model) {
        ShiftingClock clock = new ShiftingClock();
        Duration lease = Duration.ofMillis(60);
        String registry = reserveTable();
        // Two processes: two stores over the same backend, with one clock the test moves (not closed: the backend
        // is the suite's).
        Tenants here = Tenants.builder(Store.of(backend, clock)).model(model).registryTable(registry)
                .handleLease(lease).build();
        Tenants there = Tenants.builder(Store.of(backend, clock)).model(model).registryTable(registry)
                .handleLease(lease).build();
        try {
            fill(people(here.forTenant("bystander")), "bystander", 2);
            Store stale = there.forTenant("leaves");
            IndexTable stalePeople = people(stale);
            fill(stalePeople, "leaves", 2);
            writeNatives(stale);
            here.forTenant("leaves");
            String code = here.codeOf("leaves").orElseThrow();

            here.offboard("leaves");
            clock.advance(lease);
            assertRefused(stale, stalePeople, "after the tenant was off-boarded");
            assertEquals(0, stale.maintenance().countStored("people"), "items left, read through the old handle");
            assertFalse(here.tenantIds().contains("leaves"), "a refused handle registered the tenant again");
            assertEquals(List.of(), there.tablesOf("leaves"), "tables recorded by a refused handle");
            for (String table : List.of("people", "peopleByCity", "late")) {
                assertEquals(0, itemsOf(model, code, table), "items of the tenant in table " + table);
            }

            Store fresh = there.forTenant("leaves");
            assertNoNatives(fresh);
            IndexTable freshPeople = people(fresh);
            fill(freshPeople, "leaves", 1);
            here.offboard("leaves");
            IndexTable again = people(here.forTenant("leaves"));
            fill(again, "again", 1);
            clock.advance(lease);
            assertRefused(fresh, freshPeople, "after the tenant was off-boarded and registered again");
            IndexTable newest = people(there.forTenant("leaves"));
            assertEquals(List.of("again"), newest.find("Oslo").stream().map(i -> i.getString("owner").orElse("?"))
                    .toList(), "the new registration's items");
            assertEquals(List.of("people", "peopleByCity"), there.tablesOf("leaves"));
            assertEquals(2, people(here.forTenant("bystander")).find("Oslo").size(), "the bystander's items");
        } finally {
            here.tenantIds().forEach(here::offboard);
        }
    }

    private void writeNatives(Store on) {
        if (store.has(Capability.NATIVE_GEO)) {
            on.nativeGeo().putPoints("shops", List.of(new GeoPoint("s1", 59.91, 10.75)));
        }
        if (store.has(Capability.TEXT_SEARCH)) {
            on.textSearch().indexDocument("docs", "d1", Map.of("body", "red apples"));
        }
    }

    private void assertNoNatives(Store on) {
        if (store.has(Capability.NATIVE_GEO)) {
            assertEquals(List.of(), on.nativeGeo().nearest("shops", 59.91, 10.75, 5), "native geo points");
        }
        if (store.has(Capability.TEXT_SEARCH)) {
            assertEquals(List.of(), on.textSearch().searchPhrase("docs", "body", "red apples", 0, 5),
                    "text documents");
        }
    }

    /** Every kind of write through the handle is refused, with a message naming the tenant. */
    private void assertRefused(Store handle, IndexTable people, String when) {
        TenantOffboardedException refused = assertThrows(TenantOffboardedException.class, () -> handle.put("people",
                Item.builder(Key.of("user|late", "<BASE>")).put("owner", "late").build()), "a put " + when);
        assertTrue(refused.getMessage().contains("'leaves'") && refused.getMessage().contains("forTenant"),
                refused.getMessage());
        // An index table reads the item before it writes: where the off-boarding dropped the table, the read fails.
        assertThrows(StoreException.class, () -> fill(people, "late", 1), "an item indexed " + when);
        assertThrows(TenantOffboardedException.class, () -> handle.createTable(TableSpec.named("late")),
                "a table created " + when);
        assertThrows(TenantOffboardedException.class, () -> handle.delete("people", Key.of("user|0", "<BASE>")),
                "a delete " + when);
        if (store.has(Capability.NATIVE_GEO) || store.has(Capability.TEXT_SEARCH)) {
            assertThrows(TenantOffboardedException.class, () -> writeNatives(handle), "a native write " + when);
        }
        if (store.has(Capability.NATIVE_GEO) && store.has(Capability.TEXT_SEARCH)) {
            assertThrows(TenantOffboardedException.class, () -> handle.textSearch().indexDocument("docs", "d2",
                    Map.of("body", "red apples")), "a text document indexed " + when);
        }
    }

    /**
     * The items of the tenant in {@code table}, read from the store itself: a bridge tenant's table under its
     * stored name, a pool tenant's keys among every tenant's in the shared table. A table created here only to be
     * read ({@code late}, which no tenant made, or a bridge tenant's) is dropped again.
     */
    private long itemsOf(TenancyModel model, String code, String table) {
        String stored = model == TenancyModel.BRIDGE ? code + "_" + table : table;
        store.createTable(TableSpec.named(stored));
        try {
            return store.scanAll(Scan.of(stored)).filter(i -> model == TenancyModel.BRIDGE
                    || i.key().partition().startsWith(code)).count();
        } finally {
            if (model == TenancyModel.BRIDGE || table.equals("late")) {
                store.dropTable(stored);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void anExportHoldsEveryItemOfTheTenantAndNoneOfAnothers(TenancyModel model) {
        Tenants tenants = tenants(store, reserveTable(), model);
        try {
            fill(people(tenants.forTenant("a")), "a", 4);
            fill(people(tenants.forTenant("b")), "b", 2);
            Map<String, Integer> perTable = new TreeMap<>();
            long count = tenants.export("a", (table, item) -> {
                perTable.merge(table, 1, Integer::sum);
                if (table.equals("people")) {
                    assertEquals("a", item.getString("owner").orElse("?"), "an export of 'a' holds " + item);
                }
            });
            assertEquals(Map.of("people", 4, "peopleByCity", 4), perTable);
            assertEquals(8, count);
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }
}
