/**
 * Real Apache Cassandra nodes for tests, examples and benchmarks, run from Maven dependencies alone:
 * {@link dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra} starts one node in a forked JVM, and
 * {@link dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandraCluster} several on loopback addresses, whose
 * nodes a test can kill and restart to check replication and node faults.
 */
package dev.nosqlpatterns.cassandra.embedded;
