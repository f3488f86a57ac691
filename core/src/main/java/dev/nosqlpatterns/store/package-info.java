/**
 * The one API techniques and applications use, whatever the store behind it: {@link dev.nosqlpatterns.store.Store}
 * reads and writes items of logical tables, checks every request against the table's declaration and the store's
 * limits before anything is sent, owns every cursor, and reports the cost of every call to its
 * {@link dev.nosqlpatterns.store.CallObserver}s. A store's native features are reached through its own checked
 * methods ({@code queryIndex}, {@code nativeGeo()}, {@code textSearch()}, {@code nestedDocuments()},
 * {@code follow}); upkeep (expired items, footprints) through {@link dev.nosqlpatterns.store.StoreMaintenance};
 * an adapter's own extras through {@code store.extension(Type.class)}.
 *
 * <p>Get a store from an adapter's builder, from {@link dev.nosqlpatterns.store.Stores#open(String)}, or
 * {@code MemoryStore.create()} for tests.
 */
package dev.nosqlpatterns.store;
