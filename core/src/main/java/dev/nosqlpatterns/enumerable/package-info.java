/**
 * Partitioning by enumerable keys: spreading one logical collection over partitions whose keys can be listed
 * in advance, so a read knows where to look without an index. Sequences ({@link
 * dev.nosqlpatterns.enumerable.SequentialLog}), time buckets with a catalogue of the non-empty ones
 * ({@link dev.nosqlpatterns.enumerable.BucketedTimeline}) and write sharding of a hot partition
 * ({@link dev.nosqlpatterns.enumerable.ShardedPartition}); reads of several buckets or shards go to the
 * store together.
 */
package dev.nosqlpatterns.enumerable;
