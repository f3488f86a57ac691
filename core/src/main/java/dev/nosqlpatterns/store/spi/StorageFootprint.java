package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.store.model.Footprint;

/**
 * What a logical table occupies as the store itself reports it: DynamoDB's table and index sizes,
 * MongoDB's collection statistics, the memory Redis accounts to the table's keys, the bytes of Lucene's
 * segment files. It is the figure to compare techniques by storage (an index table adds a second copy of
 * the keys; a tree aggregate is one large item), where {@link dev.nosqlpatterns.store.model.OperationCost}
 * only counts the logical bytes a call sent.
 *
 * <p>Optional: {@code store.maintenance().footprint(table)} is empty where the store cannot tell a
 * table's size in a useful way. Cassandra is one: its figures ({@code system_views.disk_usage} in whole
 * mebibytes, {@code system.table_estimates}) count only flushed SSTables, refreshed every few minutes, and
 * a client cannot flush the memtables. There is no {@link dev.nosqlpatterns.store.model.Capability} constant for
 * it, as no technique chooses a strategy by it: the port is {@link Capabilities#footprints()}.
 *
 * <p>Figures differ in kind between stores; each says what it is in {@link Footprint#basis()}, whether it
 * is exact, an estimate or may lag behind recent writes, and whether it is shared with other tables.
 */
public interface StorageFootprint {

    /**
     * The footprint of a table declared on this store, as the store reports it now.
     *
     * @throws IllegalArgumentException when {@code table} is not a valid table name
     * @throws dev.nosqlpatterns.store.model.TableNotFoundException when the store does not know the table
     */
    Footprint footprint(String table, CostMeter meter);
}
