package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit against Cassandra. */
class CassandraConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return CassandraTestSupport.backend();
    }
}
