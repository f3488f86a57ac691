package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;

/** Tasks that die at every write step, and invalid rows, on a Cassandra node in a child JVM. */
class CassandraTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        return EmbeddedCassandra.shared().uri("faults" + System.nanoTime() % 1_000_000_000L).toString();
    }
}
