package dev.nosqlpatterns.store.spi;

/**
 * A store's own secondary indexes (DynamoDB GSIs, Cassandra SAI, MongoDB indexes, Redis lex sets, Lucene
 * fields), declared with {@link dev.nosqlpatterns.store.model.TableSpec#indexes()} and read here. Read-only:
 * the store keeps them in step with the table.
 *
 * <p>The store checks every read against the table's declaration and owns the cursors: a backend only ever
 * sees a declared index, a sort condition only on an index with a sort attribute, a string or number value,
 * and the position to resume after, never a cursor.
 */
public interface NativeIndexes {

    /**
     * Up to {@code read.limit()} items the read selects, in the index's order, strictly after
     * {@code read.after()} when present; records round trips and reported capacity on {@code meter}.
     */
    IndexResult read(IndexRead read, CostMeter meter);
}
