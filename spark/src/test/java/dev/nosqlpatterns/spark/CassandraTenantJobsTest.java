package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;

/** The jobs and the data source inside one tenant of a real Cassandra node, run in a child JVM, in a fresh keyspace. */
class CassandraTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        return EmbeddedCassandra.shared().uri("sparktenants" + System.nanoTime() % 1_000_000_000L).toString();
    }
}
