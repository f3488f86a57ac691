package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two tenants of one tenancy of a shared store, A ({@value #A}) and B ({@value #B}, the same id but for its case),
 * whose tables the tests fill with the same keys and index values, and B's data as the bytes of every item read
 * through B's own handle.
 */
final class TenantData {
    static final String A = "acme";
    static final String B = "Acme";
    static final String[] CITIES = {"Oslo", "Lima", "Pune", "Kyiv"};
    private static final AtomicInteger NAMES = new AtomicInteger();

    final TenancyModel model;
    final Tenants tenants;
    final Store a;
    final Store b;
    final TenantOptions optionsA;
    final TenantOptions optionsB;

    private TenantData(TenancyModel model, Tenants tenants, TenantOptions optionsA, TenantOptions optionsB) {
        this.model = model;
        this.tenants = tenants;
        this.a = tenants.forTenant(A);
        this.b = tenants.forTenant(B);
        this.optionsA = optionsA;
        this.optionsB = optionsB;
    }

    /** The tenants in a tenancy of its own (a fresh registry table) or, with {@code defaultRegistry}, the default one. */
    static TenantData of(Store shared, String uri, TenancyModel model, boolean defaultRegistry) {
        TenantOptions a = TenantOptions.of(model, A);
        TenantOptions b = TenantOptions.of(model, B);
        if (!defaultRegistry) {
            String registry = name("tenants");
            a = a.registryTable(registry);
            b = b.registryTable(registry);
        }
        return new TenantData(model, a.tenants(shared), a, b);
    }

    /** A table name used once in the JVM. */
    static String name(String prefix) {
        return prefix + NAMES.incrementAndGet();
    }

    static TableSpec people(String name) {
        return TableSpec.builder(name).attribute("city", Value.Type.STRING).attribute("age", Value.Type.NUMBER).build();
    }

    /**
     * Declares {@code table} on the tenant's handle and writes {@code partitions} partitions of {@code perPartition}
     * people, keys {@code p0/s000} on, most with a city; {@code variant} changes the cities and ages, not the keys.
     */
    List<Item> fill(Store tenant, String table, int partitions, int perPartition, int variant) {
        tenant.createTable(people(table));
        List<Item> items = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            for (int s = 0; s < perPartition; s++) {
                Item.Builder item = Item.builder("p" + p, String.format("s%03d", s)).put("age", variant * 1000L + p * 10 + s);
                if ((p + s) % 5 != 0) {
                    item.put("city", CITIES[(p + s + variant) % CITIES.length]);
                }
                if (s % 4 == 0) {
                    item.put("tags", Value.stringSet("t" + variant, "u" + s));
                }
                items.add(item.build());
            }
        }
        tenant.writeBatch(items.stream().map(i -> Write.put(table, i)).toList());
        return items;
    }

    /** Every item of every table B created, read through B's handle, as its bytes in base64, by table and key. */
    Map<String, Map<String, String>> snapshotB() {
        Map<String, Map<String, String>> out = new TreeMap<>();
        for (String table : tenants.tablesOf(B)) {
            Map<String, String> items = new TreeMap<>();
            b.scanAll(Scan.of(table)).forEach(i -> items.put(i.key().partition() + "\u0000" + i.key().sort(),
                    Base64.getEncoder().encodeToString(ItemBytes.encode(i))));
            out.put(table, items);
        }
        return out;
    }

    /**
     * The table of the shared store that holds B's items of {@code table}: bridge stores it under B's code, pool
     * in the table of that name, which every tenant shares.
     */
    String physicalB(String table) {
        return model == TenancyModel.POOL ? table : tenants.codeOf(B).orElseThrow() + "_" + table;
    }

    static Map<Key, Item> byKey(List<Item> items) {
        Map<Key, Item> out = new TreeMap<>((x, y) -> x.toString().compareTo(y.toString()));
        items.forEach(i -> out.put(i.key(), i));
        return out;
    }
}
