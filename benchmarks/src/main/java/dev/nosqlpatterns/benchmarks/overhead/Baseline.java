package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.List;
import java.util.Optional;

/**
 * The operations of the overhead family written by hand with a store's official driver, on the physical
 * layout the store's adapter uses (the same keys, tables, columns and value encodings), the way a
 * competent engineer would write them: prepared statements, pipelines, projections. The library's
 * figures are compared with these, operation by operation, in one run. Each implementation names the
 * adapter classes whose layout it follows; {@code BaselineLayoutTest} proves that both read each
 * other's writes.
 */
public interface Baseline extends AutoCloseable {
    /** The item at {@code key} of logical table {@code table}, decoded as the library decodes it. */
    Optional<Item> get(String table, Key key);

    /** Stores {@code item}, replacing any item with its key. */
    void put(String table, Item item);

    /** Stores {@code item} only if no item has its key; returns whether it was stored. */
    boolean putIfAbsent(String table, Item item);

    /** Adds {@code delta} to the number {@code attribute} of the item at {@code key} (created when absent); returns the sum. */
    long add(String table, Key key, String attribute, long delta);

    /** The items of {@code partition} whose sort keys lie between {@code from} and {@code to} inclusive, in sort-key order. */
    List<Item> query(String table, String partition, String from, String to);

    /** Stores every item, as fast as the driver allows, not atomically. */
    void writeBatch(String table, List<Item> items);

    @Override
    void close();
}
