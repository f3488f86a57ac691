package dev.nosqlpatterns.cassandra;

/**
 * How big partitions are, so that a model can tell when a partition should be split into time buckets or
 * sharded with suffixes before it grows past what Cassandra serves well (roughly 100 MB or 100,000 rows per
 * partition). Get it with {@code store.extension(PartitionSizes.class)} on a Cassandra store; each call is metered as the
 * store call {@code PartitionSizes.measure} or {@code PartitionSizes.estimate}.
 */
public interface PartitionSizes {

    /**
     * The exact size of one partition, found by reading all of it: a cost proportional to its size, so
     * measure samples, not every partition on every write.
     */
    PartitionSize measure(String table, String partition);

    /**
     * Cassandra's own estimate for a whole table, from the statistics each node records every few minutes
     * about its flushed data (so zero for a table whose data is still only in memory), scaled from the
     * contacted node's share of the ring to the whole table.
     */
    TableEstimate estimate(String table);

    /**
     * One partition measured.
     *
     * @param items the number of items
     * @param bytes the items' size as {@link dev.nosqlpatterns.item.Item#sizeInBytes()} counts it
     */
    record PartitionSize(String table, String partition, long items, long bytes) {
    }

    /**
     * A table estimated.
     *
     * @param partitions         the estimated number of partitions
     * @param meanPartitionBytes the mean size of a partition on disk, in bytes
     */
    record TableEstimate(String table, long partitions, long meanPartitionBytes) {
    }
}
