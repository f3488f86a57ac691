/**
 * The store-agnostic core of nosqlpatterns: the item model, the {@code Store} facade, the in-memory store
 * and every technique. The storage SPI and the shared helpers are exported only to the library's own
 * adapter modules and the conformance kit, so that applications use the {@code Store} facade alone.
 */
module dev.nosqlpatterns.core {
    requires java.logging;
    requires roaringbitmap;

    exports dev.nosqlpatterns.aggregate;
    exports dev.nosqlpatterns.composite;
    exports dev.nosqlpatterns.denormalize;
    exports dev.nosqlpatterns.entity;
    exports dev.nosqlpatterns.enumerable;
    exports dev.nosqlpatterns.geo;
    exports dev.nosqlpatterns.graph;
    exports dev.nosqlpatterns.index;
    exports dev.nosqlpatterns.item;
    exports dev.nosqlpatterns.key;
    exports dev.nosqlpatterns.load;
    exports dev.nosqlpatterns.migration;
    exports dev.nosqlpatterns.nested;
    exports dev.nosqlpatterns.relation;
    exports dev.nosqlpatterns.rollup;
    exports dev.nosqlpatterns.scan;
    exports dev.nosqlpatterns.search;
    exports dev.nosqlpatterns.store.memory;
    exports dev.nosqlpatterns.store.model;
    exports dev.nosqlpatterns.store;
    exports dev.nosqlpatterns.tenant;
    exports dev.nosqlpatterns.tree;
    exports dev.nosqlpatterns.verify;

    // Not API: what an adapter implements, and what the conformance kit drives a backend through.
    exports dev.nosqlpatterns.store.spi to
            dev.nosqlpatterns.cassandra,
            dev.nosqlpatterns.dynamodb,
            dev.nosqlpatterns.lucene,
            dev.nosqlpatterns.mongodb,
            dev.nosqlpatterns.redis,
            dev.nosqlpatterns.testkit;
    // Not API: helpers the adapters share with the core.
    exports dev.nosqlpatterns.internal to
            dev.nosqlpatterns.cassandra,
            dev.nosqlpatterns.dynamodb,
            dev.nosqlpatterns.lucene,
            dev.nosqlpatterns.mongodb,
            dev.nosqlpatterns.redis;

    uses dev.nosqlpatterns.store.spi.StoreProvider;

    provides dev.nosqlpatterns.store.spi.StoreProvider with dev.nosqlpatterns.store.memory.MemoryStoreProvider;
}
