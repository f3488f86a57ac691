package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.store.model.StoreException;

/**
 * A write through a tenant's handle, or a request for a handle, refused because the tenant is being off-boarded,
 * was off-boarded, or was off-boarded and registered again since the handle was made. Nothing of the write was
 * written: a handle that outlived its tenant must not write data that no registry record leads to, as off-boarding
 * could then never remove it. Reads through such a handle are not refused (they see what is left). Get a new handle from {@link Tenants#forTenant(String)} once the tenant is registered
 * again.
 */
public class TenantOffboardedException extends StoreException {
    private final String tenantId;

    /**
     * @param tenantId the tenant whose handle was refused
     * @param why      what the registry holds for it: e.g. "is being off-boarded"
     */
    public TenantOffboardedException(String tenantId, String why) {
        super("tenant '" + tenantId + "' " + why + "; this handle no longer reaches its data: get a new handle from"
                + " Tenants.forTenant once the tenant is registered again");
        this.tenantId = tenantId;
    }

    /** The tenant whose handle was refused, so that a caller serving many tenants can tell which. */
    public String tenantId() {
        return tenantId;
    }
}
