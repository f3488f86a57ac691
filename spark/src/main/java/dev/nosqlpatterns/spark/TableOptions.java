package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a read or write of one logical table needs on every executor: the store's URI, the table, the types of
 * its declared attributes, how many scan segments a read is split into and how many items a write sends at once.
 *
 * <p>Data source options: {@code uri} and {@code table} (required); {@code attributes}, declared attribute
 * types as {@code name:TYPE,...} with the type names of {@code Value.Type} (e.g. {@code city:STRING,age:NUMBER});
 * {@code segments} (default 4); {@code batchSize} (default 100); {@code pageSize} (default 500); and, to read or
 * write one tenant's table of a shared store, {@code tenancy}, {@code tenant} and {@code registryTable} (see
 * {@link TenantOptions}). A Dataset write also takes {@code window}, the rows of a task checked before any of them
 * is written (default 1,000; see the module README).
 */
public final class TableOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String uri;
    private final String table;
    private final LinkedHashMap<String, Value.Type> declared;
    private final int segments;
    private final int batchSize;
    private final int pageSize;
    private final TenantOptions tenant;

    private TableOptions(String uri, String table, Map<String, Value.Type> declared, int segments, int batchSize,
                         int pageSize, TenantOptions tenant) {
        this.uri = Objects.requireNonNull(uri, "store URI (option 'uri') is required");
        this.table = TableSpec.checkName(Objects.requireNonNull(table, "table (option 'table') is required"));
        this.declared = new LinkedHashMap<>(declared);
        if (segments < 1 || segments > dev.nosqlpatterns.store.model.Scan.MAX_SEGMENTS) {
            throw new IllegalArgumentException("segments must be between 1 and "
                    + dev.nosqlpatterns.store.model.Scan.MAX_SEGMENTS + ", got " + segments);
        }
        if (batchSize < 1 || pageSize < 1) {
            throw new IllegalArgumentException("batchSize and pageSize must be at least 1, got " + batchSize
                    + " and " + pageSize);
        }
        this.segments = segments;
        this.batchSize = batchSize;
        this.pageSize = pageSize;
        this.tenant = tenant;
    }

    /** A table with no declared attributes, read in {@code segments} segments. */
    public static TableOptions of(String uri, String table, int segments) {
        return new TableOptions(uri, table, Map.of(), segments, 100, 500, null);
    }

    /** The options of a table declared by {@code spec}. */
    public static TableOptions of(String uri, TableSpec spec, int segments) {
        return new TableOptions(uri, spec.name(), spec.declaredAttributes(), segments, 100, 500, null);
    }

    /** Reads the data source options (keys compared without case, as Spark passes them). */
    public static TableOptions parse(Map<String, String> options) {
        Map<String, String> o = new LinkedHashMap<>();
        options.forEach((k, v) -> o.put(k.toLowerCase(Locale.ROOT), v));
        Map<String, Value.Type> declared = new LinkedHashMap<>();
        String attributes = o.getOrDefault("attributes", "").trim();
        if (!attributes.isEmpty()) {
            for (String part : attributes.split(",")) {
                String[] nameType = part.trim().split(":");
                if (nameType.length != 2) {
                    throw new IllegalArgumentException("option 'attributes': '" + part
                            + "' is not name:TYPE (types: " + java.util.Arrays.toString(Value.Type.values()) + ")");
                }
                declared.put(nameType[0].trim(), Value.Type.valueOf(nameType[1].trim().toUpperCase(Locale.ROOT)));
            }
        }
        return new TableOptions(o.get("uri"), o.get("table"), declared, number(o, "segments", 4),
                number(o, "batchsize", 100), number(o, "pagesize", 500), TenantOptions.parse(o).orElse(null));
    }

    private static int number(Map<String, String> o, String key, int otherwise) {
        String v = o.get(key);
        try {
            return v == null ? otherwise : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option '" + key + "' must be a whole number, got '" + v + "'", e);
        }
    }

    /** The same table read in another number of segments. */
    public TableOptions segments(int newSegments) {
        return new TableOptions(uri, table, declared, newSegments, batchSize, pageSize, tenant);
    }

    /** The same table written in batches of another size. */
    public TableOptions batchSize(int newBatchSize) {
        return new TableOptions(uri, table, declared, segments, newBatchSize, pageSize, tenant);
    }

    /** The same table of one tenant of the store: every task works through the tenant's handle. */
    public TableOptions tenant(TenantOptions inTenant) {
        return new TableOptions(uri, table, declared, segments, batchSize, pageSize,
                Objects.requireNonNull(inTenant, "tenant options must not be null"));
    }

    /** The tenant whose table this is; empty for the store's own table (or a silo's). */
    public java.util.Optional<TenantOptions> tenant() {
        return java.util.Optional.ofNullable(tenant);
    }

    public String uri() {
        return uri;
    }

    public String table() {
        return table;
    }

    /** The declared attribute types, in the order given. */
    public Map<String, Value.Type> declared() {
        return java.util.Collections.unmodifiableMap(declared);
    }

    public int segments() {
        return segments;
    }

    public int batchSize() {
        return batchSize;
    }

    public int pageSize() {
        return pageSize;
    }

    /** The table's declaration, as every process using it declares it. */
    public TableSpec spec() {
        return new TableSpec(table, declared, java.util.List.of());
    }

    /**
     * Opens the store from its URI and declares the table on it.
     *
     * @throws IllegalStateException for a tenant's table: open the shared store with {@code Stores.open(uri())}
     *                               and reach the tenant with {@code tenant().get().scope(store)}
     */
    public Store open() {
        if (tenant != null) {
            throw new IllegalStateException("the table '" + table + "' belongs to " + tenant + ": open the shared store"
                    + " with Stores.open(uri()) and reach the tenant with tenant().get().scope(store)");
        }
        Store store = Stores.open(uri);
        try {
            store.createTable(spec());
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The options as a Spark data source takes them. */
    public Map<String, String> asMap() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("uri", uri);
        out.put("table", table);
        if (!declared.isEmpty()) {
            out.put("attributes", String.join(",", declared.entrySet().stream()
                    .map(e -> e.getKey() + ":" + e.getValue()).toList()));
        }
        out.put("segments", Integer.toString(segments));
        out.put("batchSize", Integer.toString(batchSize));
        out.put("pageSize", Integer.toString(pageSize));
        if (tenant != null) {
            out.putAll(tenant.asMap());
        }
        return out;
    }

    @Override
    public String toString() {
        return "TableOptions[" + table + " on " + uri + (tenant == null ? "" : " in " + tenant) + ", " + segments
                + " segments]";
    }
}
