package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.NativeExpirySuite;

/** Cassandra removes expiring rows itself: inserts carry {@code USING TTL}. */
class CassandraNativeExpiryTest extends NativeExpirySuite {
    @Override
    protected StoreBackend openBackend() {
        return CassandraTestSupport.backend();
    }
}
