package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.Objects;

/**
 * The store handle of the tenant the current call works for: the one way a multi-tenant application reaches
 * tenant data, so that a call without a tenant is refused instead of reaching a shared table.
 */
public final class TenantStores {
    private final Tenants tenants;
    private final TenantResolver resolver;

    public TenantStores(Tenants tenants, TenantResolver resolver) {
        this.tenants = Objects.requireNonNull(tenants, "tenants must not be null");
        this.resolver = Objects.requireNonNull(resolver, "resolver must not be null");
    }

    /**
     * The current tenant's store.
     *
     * @throws IllegalStateException when the resolver names no tenant for this call
     */
    public Store current() {
        String tenant = resolver.currentTenant().filter(t -> !t.isEmpty()).orElseThrow(() -> new IllegalStateException(
                "no tenant for this call: the TenantResolver named none (in a servlet application, send the tenant's"
                        + " id in the header nosqlpatterns.tenancy.header names, X-Tenant-Id by default)"));
        return tenants.forTenant(tenant);
    }

    /** The store of tenant {@code tenantId}, for work outside a request (jobs, off-boarding). */
    public Store of(String tenantId) {
        return tenants.forTenant(tenantId);
    }

    public Tenants tenants() {
        return tenants;
    }
}
