/**
 * The Apache Cassandra adapter: {@link dev.nosqlpatterns.cassandra.CassandraStore} opens a store on a
 * Cassandra cluster through the DataStax Java driver, from a session you built or from a
 * {@code cassandra://} URI ({@link dev.nosqlpatterns.cassandra.CassandraStoreProvider}); every logical table
 * is one CQL table whose clustering column orders the sort keys.
 *
 * <p>{@link dev.nosqlpatterns.cassandra.PartitionSizes} tells how big partitions have grown, so a model
 * can split them before Cassandra serves them badly. Everything else here implements the storage SPI.
 */
package dev.nosqlpatterns.cassandra;
