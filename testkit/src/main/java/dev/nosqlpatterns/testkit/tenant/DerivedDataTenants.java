package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntConsumer;

/**
 * The tenants of one test of {@link TenantDerivedDataSuite}: three ids made to collide (a prefix of another, the
 * pool's key separator, escapes, a NUL, odd and unpaired Unicode), their handles, the mark each tenant's data
 * carries, and the check that an action through one tenant's handle leaves every other tenant's tables exactly as
 * they were.
 */
final class DerivedDataTenants {
    static final List<String> IDS = List.of("acme", "acme#", "ac|me\\:\u0000\u00e9\uD83D\uDE00\uD800");

    private final Store store;
    private final Tenants tenants;

    DerivedDataTenants(Store store, TenancyModel model, String registry) {
        this.store = store;
        this.tenants = KitTenants.builder(store).model(model).registryTable(registry).build();
    }

    TenancyModel model() {
        return tenants.model();
    }

    int count() {
        return IDS.size();
    }

    /** Tenant {@code i}'s handle. */
    Store on(int i) {
        return tenants.forTenant(IDS.get(i));
    }

    /** What tenant {@code i}'s items carry as their owner: the id itself may be no valid attribute value. */
    static String tag(int i) {
        return "tenant-" + i;
    }

    /** " in tenant i", for messages. */
    static String in(int i) {
        return " in tenant " + i + " (" + IDS.get(i).replace("\u0000", "\\0") + ")";
    }

    /** Runs {@code write} for every tenant, in order. */
    void each(IntConsumer write) {
        for (int i = 0; i < count(); i++) {
            write.accept(i);
        }
    }

    /**
     * Runs {@code act} for each tenant in turn and checks that it left every other tenant's tables (every item of
     * every table the tenant created, derived tables included, as its export hands them over) exactly as they were.
     */
    void actEach(IntConsumer act) {
        for (int i = 0; i < count(); i++) {
            Map<Integer, Map<String, List<Item>>> before = others(i);
            act.accept(i);
            Map<Integer, Map<String, List<Item>>> after = others(i);
            for (int other : before.keySet()) {
                assertEquals(before.get(other), after.get(other), "what tenant " + i + " did changed the data"
                        + in(other));
            }
        }
    }

    private Map<Integer, Map<String, List<Item>>> others(int acting) {
        Map<Integer, Map<String, List<Item>>> out = new LinkedHashMap<>();
        for (int i = 0; i < count(); i++) {
            if (i != acting) {
                out.put(i, snapshot(i));
            }
        }
        return out;
    }

    /** Every item of every table of tenant {@code i}, by table, each table's items in key order. */
    Map<String, List<Item>> snapshot(int i) {
        Map<String, List<Item>> out = new TreeMap<>();
        tenants.export(IDS.get(i), (table, item) -> out.computeIfAbsent(table, t -> new ArrayList<>()).add(item));
        out.values().forEach(items -> items.sort(Comparator.comparing((Item x) -> x.key().partition())
                .thenComparing(x -> x.key().sort())));
        return out;
    }

    /**
     * Off-boards every tenant; in the pool model the shared tables stay after their tenants leave, so they are
     * dropped too.
     */
    void offboardAll() {
        Set<String> tables = new TreeSet<>();
        for (String t : tenants.tenantIds()) {
            tables.addAll(tenants.tablesOf(t));
            tenants.offboard(t);
        }
        if (tenants.model() == TenancyModel.POOL) {
            tables.forEach(store::dropTable);
        }
    }
}
