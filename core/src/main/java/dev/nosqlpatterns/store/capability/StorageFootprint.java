package dev.nosqlpatterns.store.capability;

import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.Objects;

/**
 * What a logical table occupies as the store itself reports it: DynamoDB's table and index sizes,
 * MongoDB's collection statistics, the memory Redis accounts to the table's keys, the bytes of Lucene's
 * segment files. It is the figure to compare techniques by storage (an index table adds a second copy of
 * the keys; a tree aggregate is one large item), where {@link dev.nosqlpatterns.store.model.OperationCost}
 * only counts the logical bytes a call sent.
 *
 * <p>Optional: {@code store.footprint(table)} is empty where the store cannot tell a
 * table's size in a useful way. Cassandra is one: its figures ({@code system_views.disk_usage} in whole
 * mebibytes, {@code system.table_estimates}) count only flushed SSTables, refreshed every few minutes, and
 * a client cannot flush the memtables. There is no {@link dev.nosqlpatterns.store.model.Capability} constant for
 * it, as no technique chooses a strategy by it; like other reporting interfaces it is offered only through
 * {@code capability(Class)}.
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

    /** How far a figure can be trusted. */
    enum Accuracy {
        /** The store's own count of what it holds for the table now. */
        EXACT,
        /** Derived from the store's figures by a stated rule (e.g. a share of a shared index). */
        ESTIMATE,
        /** The store's own figure, but the store refreshes it from time to time: recent writes may be missing. */
        LAGGING
    }

    /**
     * A table's footprint.
     *
     * @param table    the logical table
     * @param bytes    what the store says the table occupies, in bytes
     * @param basis    what the figure is, e.g. {@code "MongoDB collStats storageSize + totalIndexSize"}
     * @param accuracy exact, an estimate, or possibly lagging
     * @param shared   true when the figure is of storage the table shares with other logical tables (one
     *                 physical table for all of them), so it includes their bytes too
     */
    record Footprint(String table, long bytes, String basis, Accuracy accuracy, boolean shared) {
        public Footprint {
            Objects.requireNonNull(table, "table must not be null");
            Objects.requireNonNull(basis, "basis must not be null");
            Objects.requireNonNull(accuracy, "accuracy must not be null");
            if (bytes < 0) {
                throw new IllegalArgumentException("bytes of table '" + table + "' must not be negative, got " + bytes);
            }
            if (basis.isBlank()) {
                throw new IllegalArgumentException("the footprint of table '" + table + "' needs a basis");
            }
        }
    }
}
