package dev.nosqlpatterns.tenant;

/** How the tenants of one application share the stores behind it. */
public enum TenancyModel {
    /**
     * Every tenant in one shared store, with tables, geo sets and search indexes of its own: each name the
     * tenant uses is stored under the tenant's code. Isolation is by name, for every technique and every native
     * feature; the cost is one table per tenant and logical table.
     */
    BRIDGE,
    /** A store of its own per tenant (an account, cluster or database), opened by a function the caller gives. */
    SILO
}
