package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;

/** The data source and the jobs on a real Cassandra node, run in a child JVM. */
class CassandraJobsTest extends StoreJobsContract {
    @Override
    protected boolean slowCalls() {
        return true;
    }

    @Override
    protected String storeUri() {
        return EmbeddedCassandra.shared().uri("spark" + System.nanoTime() % 1_000_000_000L).toString();
    }
}
