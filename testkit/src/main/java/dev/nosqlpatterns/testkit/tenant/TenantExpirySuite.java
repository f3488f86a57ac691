package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.ClockedStoreSuite;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Expiry through tenant handles: three tenants with colliding ids write the same keys and index values; two of
 * them let their items expire at the same instant, the third keeps them. Reads, counts of expired items, sweeps
 * ({@code maintenance().removeExpired}) and index verification through one tenant judge and remove that tenant's
 * items alone: a sweep through tenant 0 leaves tenant 1's expired items stored, and tenant 2's live ones untouched.
 * Time moves on the test's clock, which every tenant handle over {@link #later} judges by; what is still stored is
 * read through handles of the same registry over the store under test, by the real clock, before which nothing
 * has expired.
 */
public abstract class TenantExpirySuite extends ClockedStoreSuite {
    private static final int ITEMS = 5;
    private static final long EXPIRES_IN = 600;

    private DerivedDataTenants tenants;

    @AfterEach
    void offboardAll() {
        if (tenants != null) {
            tenants.offboardAll();
        }
    }

    /** " in tenant i", for messages. */
    private static String tenant(int i) {
        return DerivedDataTenants.in(i);
    }

    /** The handle, with the tables declared on it (a pool view answers for the tables declared through it). */
    private static Store declared(Store on, String... tables) {
        for (String t : tables) {
            on.createTable(TableSpec.named(t));
        }
        return on;
    }

    private static Item session(int n, int tenant) {
        return Item.builder("session|" + n, "<S>").put("city", n % 2 == 0 ? "London" : "Lima")
                .put("owner", DerivedDataTenants.tag(tenant)).build();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TenancyModel.class, names = {"BRIDGE", "POOL"})
    void expiredItemsAndTheirEntriesAreJudgedAndSweptInTheirTenantAlone(TenancyModel model) {
        String registry = reserveTable();
        tenants = new DerivedDataTenants(later, model, registry);
        Tenants realTime = KitTenants.builder(store).model(model).registryTable(registry).build();
        String sessions = reserveTable();
        String byCity = reserveTable();
        IndexConsistency mode = store.has(Capability.ATOMIC_WRITES) ? IndexConsistency.ATOMIC
                : IndexConsistency.REPAIRABLE;
        IndexTable[] index = new IndexTable[tenants.count()];
        tenants.each(i -> {
            Store on = tenants.on(i);
            on.createTable(TableSpec.named(sessions));
            index[i] = IndexTable.builder(on).baseTable(sessions).indexTable(byCity).attribute("city")
                    .consistency(mode).claimLease(Duration.ofSeconds(5)).clock(clock).build();
            for (int n = 0; n < ITEMS; n++) {
                Item item = session(n, i);
                index[i].put(i < 2 ? Expiry.at(item, in(EXPIRES_IN)) : item);
            }
        });
        clock.advance(Duration.ofSeconds(EXPIRES_IN + 1));

        for (int i = 0; i < tenants.count(); i++) {
            Store on = tenants.on(i);
            long live = i < 2 ? 0 : ITEMS;
            assertEquals(live, on.scanAll(Scan.of(sessions)).count(), "live items" + tenant(i));
            assertEquals(live == 0 ? 0 : 3, index[i].find("London").size(), "index finds" + tenant(i));
            assertEquals(ITEMS - live, on.maintenance().countExpired(sessions), "expired items counted" + tenant(i));
            assertEquals(ITEMS - live, on.maintenance().countExpired(byCity), "expired entries counted" + tenant(i));
            assertTrue(index[i].verify().consistent(), "drift" + tenant(i) + ": " + index[i].verify());
        }

        for (int sweeping = 0; sweeping < tenants.count(); sweeping++) {
            Store on = tenants.on(sweeping);
            long expired = sweeping < 2 ? ITEMS : 0;
            assertEquals(expired, on.maintenance().removeExpired(sessions), "items swept" + tenant(sweeping));
            assertEquals(expired, on.maintenance().removeExpired(byCity), "entries swept" + tenant(sweeping));
            for (int i = 0; i < tenants.count(); i++) {
                Store stored = declared(realTime.forTenant(DerivedDataTenants.IDS.get(i)), sessions, byCity);
                long left = i <= sweeping && i < 2 ? 0 : ITEMS;
                assertEquals(left, stored.maintenance().countStored(sessions), "items stored" + tenant(i)
                        + " after the sweep" + tenant(sweeping));
                assertEquals(left, stored.maintenance().countStored(byCity), "entries stored" + tenant(i)
                        + " after the sweep" + tenant(sweeping));
                List<String> owners = stored.scanAll(Scan.of(sessions)).map(x -> x.getString("owner").orElseThrow())
                        .distinct().toList();
                assertEquals(left == 0 ? List.of() : List.of(DerivedDataTenants.tag(i)), owners,
                        "whose items are stored" + tenant(i));
            }
        }
        tenants.each(i -> assertTrue(index[i].verify().consistent(), "drift after the sweeps" + tenant(i)));
    }
}
