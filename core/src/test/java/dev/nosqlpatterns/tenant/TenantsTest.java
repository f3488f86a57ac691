package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TenantsTest {
    private static List<String> owners(IndexTable ix, String value) {
        return ix.find(value).stream().map(i -> i.getString("owner").orElseThrow()).toList();
    }

    private static IndexTable byCity(Store on) {
        on.createTable(TableSpec.named("people"));
        return IndexTable.builder(on).baseTable("people").indexTable("byCity").attribute("city").build();
    }

    private static void put(IndexTable ix, String owner) {
        ix.put(Item.builder(Key.of("user|1", "<BASE>")).put("owner", owner).put("city", "Oslo").build());
    }

    @Test
    void bridgeTenantsWithTheSameKeysSeeTheirOwnItems() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = Tenants.builder(store).build();
            put(byCity(tenants.forTenant("a")), "a");
            put(byCity(tenants.forTenant("a_")), "a_");
            assertEquals(List.of("a"), owners(byCity(tenants.forTenant("a")), "Oslo"));
            assertEquals(List.of("a_"), owners(byCity(tenants.forTenant("a_")), "Oslo"));
            assertSame(tenants.forTenant("a"), tenants.forTenant("a"));
            assertEquals(Set.of("a", "a_"), tenants.tenantIds());
            assertEquals(List.of("byCity", "people"), tenants.tablesOf("a"));
        }
    }

    /** The check the kit's isolation suite makes fails when two tenants' names are not told apart. */
    @Test
    void aViewThatDropsTheTenantFromItsNamesIsCaught() {
        try (Store store = Store.of(new MemoryBackend())) {
            Store a = store.view(b -> new TenantBackend(b, "x_", table -> { }, (kind, name) -> { }));
            Store broken = store.view(b -> new TenantBackend(b, "x_", table -> { }, (kind, name) -> { }));
            put(byCity(a), "a");
            put(byCity(broken), "b");
            assertNotEquals(List.of("a"), owners(byCity(a), "Oslo"));
        }
    }

    @Test
    void siloTenantsGetStoresOfTheirOwn() {
        Map<String, Store> silos = new HashMap<>();
        try (Store control = Store.of(new MemoryBackend())) {
            Tenants tenants = Tenants.builder(control).model(TenancyModel.SILO)
                    .silos(id -> silos.computeIfAbsent(id, i -> Store.of(new MemoryBackend()))).build();
            put(byCity(tenants.forTenant("a")), "a");
            put(byCity(tenants.forTenant("b")), "b");
            assertEquals(List.of("a"), owners(byCity(tenants.forTenant("a")), "Oslo"));
            silos.get("b").createTable(TableSpec.named("people"));
            assertEquals(1, silos.get("b").scanAll(Scan.of("people")).count(), "silo keeps its own names");
            tenants.offboard("a");
            silos.get("a").createTable(TableSpec.named("people"));
            assertEquals(0, silos.get("a").scanAll(Scan.of("people")).count(), "off-boarding left items");
            assertEquals(List.of("b"), owners(byCity(tenants.forTenant("b")), "Oslo"));
        } finally {
            silos.values().forEach(Store::close);
        }
    }

    @Test
    void codesAreTableNamePrefixesThatDifferPerTenantAndAttempt() {
        String code = Tenants.code("ac|me\\:\u00e9", 0);
        assertTrue(code.matches("t[a-z2-7]{10}"), code);
        assertEquals(code, Tenants.code("ac|me\\:\u00e9", 0));
        assertNotEquals(code, Tenants.code("ac|me\\:\u00e9", 1));
        assertNotEquals(code, Tenants.code("ac|me\\:\u00e8", 0));
    }

    @Test
    void badSettingsAndIdsAreRefusedWithTheReason() {
        try (Store store = Store.of(new MemoryBackend())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Tenants.builder(store).model(TenancyModel.SILO).registryTable("1bad").build());
            assertTrue(e.getMessage().contains("silos(function)") && e.getMessage().contains("registryTable"),
                    e.getMessage());
            IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                    () -> Tenants.builder(store).rateLimit(-1).build());
            assertTrue(rate.getMessage().contains("rateLimit"), rate.getMessage());
            Tenants limited = Tenants.builder(store).rateLimit(1_000_000).build();
            put(byCity(limited.forTenant("a")), "a");
            assertEquals(List.of("a"), owners(byCity(limited.forTenant("a")), "Oslo"));
            Tenants tenants = Tenants.builder(store).build();
            assertThrows(IllegalArgumentException.class, () -> tenants.forTenant(""));
            IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                    () -> tenants.forTenant("a").createTable(TableSpec.named("x".repeat(40))));
            assertTrue(tooLong.getMessage().contains("at most 36"), tooLong.getMessage());
        }
    }
}
