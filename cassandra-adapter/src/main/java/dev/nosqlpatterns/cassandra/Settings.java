package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.nosqlpatterns.store.model.Limits;

/**
 * What a backend was built with.
 *
 * @param keyspace          the keyspace holding one CQL table per logical table
 * @param createKeyspace    create the keyspace when absent (else it must exist)
 * @param replication       the replication map literal for CREATE KEYSPACE, already validated
 * @param consistency       consistency of reads, plain writes and the commit of lightweight transactions
 * @param serialConsistency consistency of the Paxos phase of lightweight transactions and serial reads
 * @param dropMode          what dropping a logical table does to its CQL table
 * @param limits            the limits the store facade checks before writes
 * @param ownsSession       close the session when the backend closes
 * @param maxInFlight       the most requests one call has in flight at once
 * @param gcGraceSeconds    gc_grace_seconds of the tables the backend creates; negative for the server's default
 */
record Settings(String keyspace, boolean createKeyspace, String replication, ConsistencyLevel consistency,
                ConsistencyLevel serialConsistency, CassandraStore.DropMode dropMode, Limits limits,
                boolean ownsSession, int maxInFlight, int gcGraceSeconds) {
}
