package dev.nosqlpatterns.store.capability;

import dev.nosqlpatterns.store.Page;

/**
 * A store's own secondary indexes (DynamoDB GSIs, Cassandra SAI, MongoDB indexes, Redis lex sets,
 * Lucene fields), declared with {@link dev.nosqlpatterns.store.TableSpec#indexes()} and read here.
 * Read-only: the store keeps them in step with the table.
 */
public interface NativeSecondaryIndexes {

    /** One page of the items an index query selects, ordered by the index sort attribute. */
    Page queryIndex(IndexQuery query);
}
