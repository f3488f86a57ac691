package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one tenant a job or a read or write of the data source works in: the tenancy model of the shared store
 * ({@link TenancyModel#BRIDGE} or {@link TenancyModel#POOL}), the tenant's id, and the registry table of the
 * tenancy when it is not the default {@code tenantRegistry}. Every task opens the store from its URI, as without a
 * tenant, and then works through {@code Tenants.builder(store).model(..).registryTable(..).build().forTenant(id)},
 * so it reads, counts, writes and deletes the tenant's data alone.
 *
 * <p>Data source options (and main class arguments {@code --tenancy}, {@code --tenant}, {@code --registryTable}):
 * {@code tenancy} ({@code bridge} or {@code pool}, any case), {@code tenant} (the id, 1 to 256 characters, taken as
 * given) and {@code registryTable}. The {@link TenancyModel#SILO silo} model needs none of them: a silo is a store
 * of its own, so a job on one tenant's silo is given that store's URI.
 */
public final class TenantOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The data source option naming the tenancy model. */
    public static final String TENANCY = "tenancy";
    /** The data source option naming the tenant. */
    public static final String TENANT = "tenant";
    /** The data source option naming the registry table, when it is not the default. */
    public static final String REGISTRY_TABLE = "registryTable";

    private static final int MAX_ID_LENGTH = 256;

    private final TenancyModel model;
    private final String tenantId;
    private final String registryTable;

    private TenantOptions(TenancyModel model, String tenantId, String registryTable) {
        this.model = model;
        this.tenantId = tenantId;
        this.registryTable = registryTable;
    }

    /**
     * Tenant {@code tenantId} of a store shared in the {@code model} tenancy, whose registry is the default table.
     *
     * @throws IllegalArgumentException when the model is silo (or null) or the id is empty or too long
     */
    public static TenantOptions of(TenancyModel model, String tenantId) {
        return new TenantOptions(checkModel(model), checkId(tenantId), null);
    }

    /**
     * The same tenant in a tenancy whose registry is the table {@code name} of the shared store.
     *
     * @throws IllegalArgumentException when the name is no valid table name
     */
    public TenantOptions registryTable(String name) {
        return new TenantOptions(model, tenantId, checkRegistry(name));
    }

    /**
     * Reads the tenant options from data source options or main class arguments (keys compared without case):
     * none when neither {@code tenancy} nor {@code tenant} nor {@code registryTable} is given.
     *
     * @throws IllegalArgumentException naming the bad value: an unknown or silo model, an empty or too long id, a
     *                                  tenant without a model or a model without a tenant, an invalid registry name
     */
    public static Optional<TenantOptions> parse(Map<String, String> options) {
        Map<String, String> o = new LinkedHashMap<>();
        options.forEach((k, v) -> o.put(k.toLowerCase(Locale.ROOT), v));
        String tenancy = o.get(TENANCY);
        String tenant = o.get(TENANT);
        String registry = o.get(REGISTRY_TABLE.toLowerCase(Locale.ROOT));
        if (tenancy == null && tenant == null && registry == null) {
            return Optional.empty();
        }
        if (tenancy == null) {
            throw new IllegalArgumentException("option '" + TENANCY + "' (bridge or pool) is required with option '"
                    + (tenant != null ? TENANT + "' ('" + tenant + "')" : REGISTRY_TABLE + "' ('" + registry + "')"));
        }
        TenancyModel model = model(tenancy);
        if (tenant == null) {
            throw new IllegalArgumentException("option '" + TENANT + "' (the tenant's id) is required with option '"
                    + TENANCY + "' ('" + tenancy + "')");
        }
        TenantOptions parsed = of(model, tenant);
        return Optional.of(registry == null ? parsed : parsed.registryTable(registry));
    }

    private static TenancyModel model(String tenancy) {
        String name = tenancy.trim().toUpperCase(Locale.ROOT);
        if (name.equals(TenancyModel.SILO.name())) {
            throw silo();
        }
        try {
            return TenancyModel.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option '" + TENANCY + "': unknown tenancy model '" + tenancy
                    + "' (bridge or pool)", e);
        }
    }

    private static TenancyModel checkModel(TenancyModel model) {
        Objects.requireNonNull(model, "tenancy model must not be null");
        if (model == TenancyModel.SILO) {
            throw silo();
        }
        return model;
    }

    private static IllegalArgumentException silo() {
        return new IllegalArgumentException("option '" + TENANCY + "': 'silo' means a store of its own per tenant:"
                + " give the tenant's store URI in option 'uri', and no tenancy or tenant");
    }

    private static String checkId(String tenantId) {
        Objects.requireNonNull(tenantId, "tenant id must not be null");
        if (tenantId.isEmpty() || tenantId.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("option '" + TENANT + "': a tenant id has 1 to " + MAX_ID_LENGTH
                    + " characters, got " + tenantId.length() + (tenantId.isEmpty() ? " ('')" : ""));
        }
        return tenantId;
    }

    private static String checkRegistry(String name) {
        try {
            return TableSpec.checkName(Objects.requireNonNull(name, "registry table must not be null"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option '" + REGISTRY_TABLE + "' ('" + name + "'): " + e.getMessage(),
                    e);
        }
    }

    /** The tenancy model of the shared store: bridge or pool. */
    public TenancyModel model() {
        return model;
    }

    /** The tenant's id. */
    public String tenantId() {
        return tenantId;
    }

    /** The registry table, when it is not the default. */
    public Optional<String> registryTable() {
        return Optional.ofNullable(registryTable);
    }

    /** The tenancy of the shared store {@code shared}, as every process of the application builds it. */
    public Tenants tenants(Store shared) {
        Tenants.Builder b = Tenants.builder(shared).model(model);
        if (registryTable != null) {
            b.registryTable(registryTable);
        }
        return b.build();
    }

    /**
     * The tenant's handle on the shared store {@code shared}, registering the tenant on first use; closing it
     * leaves {@code shared} open.
     */
    public Store scope(Store shared) {
        return tenants(shared).forTenant(tenantId);
    }

    /** What tells one tenancy of a store from another: the model and the registry table. */
    String tenancyKey() {
        return model + "\u0000" + (registryTable == null ? "" : registryTable);
    }

    /** The options as a Spark data source takes them. */
    public Map<String, String> asMap() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(TENANCY, model.name().toLowerCase(Locale.ROOT));
        out.put(TENANT, tenantId);
        if (registryTable != null) {
            out.put(REGISTRY_TABLE, registryTable);
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TenantOptions t && t.model == model && t.tenantId.equals(tenantId)
                && Objects.equals(t.registryTable, registryTable);
    }

    @Override
    public int hashCode() {
        return Objects.hash(model, tenantId, registryTable);
    }

    @Override
    public String toString() {
        return "tenant '" + tenantId + "' (" + model.name().toLowerCase(Locale.ROOT)
                + (registryTable == null ? "" : ", registry " + registryTable) + ")";
    }
}
