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
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.TenantMove;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A tenant moved online between tenancies (pool to silo, silo to pool, bridge to pool) while a writer changes its
 * items, index entries and native geo points: afterwards the target holds exactly what the writer left, the index
 * verifies clean, the other tenant of the source is whole and the source holds nothing of the tenant. A silo here
 * is a namespace of its own in the same store (a bridge tenant of a third registry), so that every store can run
 * it without a second server.
 */
public abstract class TenantMoveSuite extends StoreSuite {
    private static final int PEOPLE = 20;

    private final List<Tenants> made = new ArrayList<>();

    private Tenants tenancy(TenancyModel model) {
        Tenants.Builder b = KitTenants.builder(store).model(model).registryTable(reserveTable());
        if (model == TenancyModel.SILO) {
            Tenants hosts = KitTenants.builder(store).model(TenancyModel.BRIDGE).registryTable(reserveTable()).build();
            made.add(hosts);
            b.silos(hosts::forTenant);
        }
        Tenants t = b.build();
        made.add(0, t);
        return t;
    }

    private void offboardAll() {
        for (Tenants t : made) {
            t.tenantIds().forEach(t::offboard);
        }
        made.clear();
    }

    private static IndexTable people(Store on) {
        on.createTable(TableSpec.named("people"));
        return IndexTable.builder(on).baseTable("people").indexTable("peopleByCity").attribute("city").build();
    }

    private static Item person(int id, String city) {
        return Item.builder(Key.of("user|" + id, "<BASE>")).put("city", city).build();
    }

    /** Puts, moves and deletes people and geo points until stopped; returns each person's last city (null: gone). */
    private Map<Integer, String> write(Store on, AtomicBoolean stop, long seed) {
        IndexTable people = people(on);
        boolean geo = store.has(Capability.NATIVE_GEO);
        Map<Integer, String> last = new HashMap<>();
        Random random = new Random(seed);
        for (int i = 0; i < 400 && (i < 30 || !stop.get()); i++) {
            int id = random.nextInt(PEOPLE);
            if (random.nextInt(4) == 0) {
                people.delete(Key.of("user|" + id, "<BASE>"));
                if (geo) {
                    on.nativeGeo().removePoint("homes", "p" + id);
                }
                last.put(id, null);
            } else {
                String city = "city" + random.nextInt(4);
                people.put(person(id, city));
                if (geo) {
                    on.nativeGeo().putPoint("homes", "p" + id, 59 + city.charAt(4) - '0', 10);
                }
                last.put(id, city);
            }
        }
        return last;
    }

    @ParameterizedTest(name = "{0} to {1}")
    @CsvSource({"POOL, SILO", "SILO, POOL", "BRIDGE, POOL"})
    void aTenantMovesWhileItIsWritten(TenancyModel fromModel, TenancyModel toModel) throws Exception {
        try {
            Tenants from = tenancy(fromModel);
            Tenants to = tenancy(toModel);
            boolean geo = store.has(Capability.NATIVE_GEO);
            IndexTable neighbour = people(from.forTenant("acme_"));
            neighbour.put(person(1, "city1"));
            IndexTable before = people(from.forTenant("acme"));
            Map<Integer, String> expected = new TreeMap<>();
            for (int i = 0; i < PEOPLE; i++) {
                before.put(person(i, "city0"));
                expected.put(i, "city0");
            }
            if (geo) {
                List<GeoPoint> homes = new ArrayList<>();
                for (int i = 0; i < PEOPLE; i++) {
                    homes.add(new GeoPoint("p" + i, 59, 10));
                }
                from.forTenant("acme").nativeGeo().putPoints("homes", homes);
            }
            TenantMove move = TenantMove.builder(from, to, "acme").phaseLease(Duration.ZERO).build();
            AtomicBoolean stop = new AtomicBoolean();
            CompletableFuture<Map<Integer, String>> writer =
                    CompletableFuture.supplyAsync(() -> write(move.store(), stop,
                            dev.nosqlpatterns.testkit.KitRun.current().derive("tenant move " + fromModel + toModel)));
            move.copy();
            move.switchOver();
            stop.set(true);
            expected.putAll(writer.get());
            move.cleanup();

            Store moved = to.forTenant("acme");
            IndexTable after = people(moved);
            assertTrue(after.verify().consistent(), after.verify().toString());
            for (int c = 0; c < 4; c++) {
                String city = "city" + c;
                List<String> want = expected.entrySet().stream().filter(e -> city.equals(e.getValue()))
                        .map(e -> "user|" + e.getKey()).sorted().toList();
                assertEquals(want, after.find(city).stream().map(i -> i.key().partition()).sorted().toList(), city);
            }
            assertEquals(expected.values().stream().filter(v -> v != null).count(),
                    moved.scanAll(Scan.of("people")).count());
            if (geo) {
                Map<String, Double> homes = moved.nativeGeo()
                        .withinRadius("homes", 0, 0, NativeGeo.WHOLE_SPHERE_METERS, 1_000).stream()
                        .collect(Collectors.toMap(GeoHit::id, h -> h.point().latitude()));
                Map<String, Double> want = new TreeMap<>();
                expected.forEach((id, city) -> {
                    if (city != null) {
                        want.put("p" + id, 59.0 + city.charAt(4) - '0');
                    }
                });
                assertEquals(want.keySet(), new java.util.TreeSet<>(homes.keySet()));
                want.forEach((id, lat) -> assertEquals(lat, homes.get(id), 1e-4, id));
            }
            assertEquals(List.of("user|1"), neighbour.find("city1").stream().map(i -> i.key().partition()).toList());
            assertFalse(from.tenantIds().contains("acme"), "the source still registers the moved tenant");
            assertEquals(0, from.export("acme", (t, i) -> { }), "the source still holds items of the moved tenant");
        } finally {
            offboardAll();
        }
    }

    @Test
    void aTenantWithATextIndexIsRefusedBeforeAnythingMoves() {
        org.junit.jupiter.api.Assumptions.assumeTrue(store.has(Capability.TEXT_SEARCH),
                "the " + store.kind() + " store has no text index");
        try {
            Tenants from = tenancy(TenancyModel.POOL);
            Tenants to = tenancy(TenancyModel.BRIDGE);
            from.forTenant("acme").textSearch().indexDocument("docs", "d1", Map.of("body", "red apples"));
            TenantMove move = TenantMove.builder(from, to, "acme").phaseLease(Duration.ZERO).build();
            IllegalStateException e = assertThrows(IllegalStateException.class, move::run);
            assertTrue(e.getMessage().contains("docs"), e.getMessage());
            assertEquals(TenantMove.Phase.NOT_STARTED, move.phase());
        } finally {
            offboardAll();
        }
    }
}
