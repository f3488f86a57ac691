package dev.nosqlpatterns.tenant;

/** How the tenants of one application share the stores behind it. */
public enum TenancyModel {
    /**
     * Every tenant in one shared store, with tables, geo sets and search indexes of its own: each name the
     * tenant uses is stored under the tenant's code. Isolation is by name, for every technique and every native
     * feature; the cost is one table per tenant and logical table.
     */
    BRIDGE,
    /**
     * Every tenant in the same shared tables of one store: the tenant's code leads every partition key and every
     * native index value, and names its geo sets and search indexes. One physical table serves all tenants, whatever
     * their number. Isolation is by key, for every technique (their derived data lives in tables under the
     * tenant's keys); the costs are keys shorter by the code, a scan that reads every tenant's items to answer
     * one tenant's on DynamoDB and Cassandra (the other stores read the tenant's partitions alone), and
     * off-boarding by deleting the tenant's items in batches. Every element of a nested document carries the code
     * too, where the store answers queries on elements, so that those queries ask for it. Storage footprints are
     * not offered: a shared table's size is every tenant's.
     */
    POOL,
    /** A store of its own per tenant (an account, cluster or database), opened by a function the caller gives. */
    SILO
}
