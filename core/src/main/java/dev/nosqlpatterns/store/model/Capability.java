package dev.nosqlpatterns.store.model;

/**
 * A feature a store may or may not have. Techniques ask for a capability and choose a strategy; they
 * never ask which store they talk to.
 */
public enum Capability {
    /** {@code Store.writeAtomically} across any items of any partitions and tables: all or nothing, isolated. */
    ATOMIC_WRITES,
    /** {@code Store.writeAtomically} when every write targets the same table and partition. */
    ATOMIC_WRITES_SINGLE_PARTITION,
    /** Conditions and atomic updates hold across processes sharing the store, not only within one. */
    SHARED_ACROSS_PROCESSES,
    /** The store reports consumed capacity units for each call someone measures (a listener, an observer, a technique call). */
    CONSUMED_CAPACITY,
    /** Native secondary indexes: {@link dev.nosqlpatterns.store.spi.NativeIndexes}. */
    NATIVE_SECONDARY_INDEX,
    /**
     * Reads of native secondary indexes see every write acknowledged before them. Stores whose native indexes
     * are updated asynchronously (DynamoDB's global secondary indexes) lack it, even where a local emulator
     * happens to answer at once.
     */
    CONSISTENT_NATIVE_INDEX_READS,
    /** Native geo search: {@link dev.nosqlpatterns.store.spi.NativeGeo}. */
    NATIVE_GEO,
    /** Full-text and proximity search: {@link dev.nosqlpatterns.store.spi.TextSearch}. */
    TEXT_SEARCH,
    /** Queries on elements of nested documents: {@link dev.nosqlpatterns.store.spi.NestedDocuments}. */
    NESTED_DOCUMENTS,
    /**
     * The store removes expired items by itself ({@link dev.nosqlpatterns.item.Expiry}): a TTL attribute, a
     * TTL per row, a key expiry or a TTL index, some time after the instant (DynamoDB: up to days later; an
     * emulator may never). Without it the adapter or the library sweeps them. Reads leave expired items out
     * either way.
     */
    NATIVE_EXPIRY,
    /**
     * {@code Store.follow} reads a whole {@link LinkedRead} (a subtree of an adjacency list, say) in one
     * request, following the links inside the store, where other stores take one request per level.
     */
    NATIVE_LINKED_READS
}
