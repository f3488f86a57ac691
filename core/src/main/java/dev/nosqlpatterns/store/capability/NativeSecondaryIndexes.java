package dev.nosqlpatterns.store.capability;

import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.spi.CostMeter;

/**
 * A store's own secondary indexes (DynamoDB GSIs, Cassandra SAI, MongoDB indexes, Redis lex sets,
 * Lucene fields), declared with {@link dev.nosqlpatterns.store.model.TableSpec#indexes()} and read here.
 * Read-only: the store keeps them in step with the table. Applications read them through
 * {@link dev.nosqlpatterns.store.Store#queryIndex}, which checks the request and reports its cost.
 */
public interface NativeSecondaryIndexes {

    /**
     * One page of the items an index query selects, ordered by the index sort attribute; records round
     * trips and reported capacity on {@code meter}. The cursor in the page is the backend's own.
     */
    Page queryIndex(IndexQuery query, CostMeter meter);
}
