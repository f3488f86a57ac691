package dev.nosqlpatterns.store.spi;

import java.util.Objects;

/**
 * Scans of the partitions whose key begins with a prefix, where the store keeps partitions in key order and so
 * reads those partitions alone: the memory store's sorted map, MongoDB's {@code _id} index, Redis's sorted set of
 * a table's partitions, Lucene's term dictionary. The pool tenancy scans a tenant's part of a shared table this
 * way, so that a scan's cost grows with the tenant's data and nothing of another tenant is read. DynamoDB and
 * Cassandra place partitions by hash: they cannot, and have no port.
 *
 * <p>Prefixes end with an ASCII character other than DEL ({@code U+0000} to {@code U+007E}), so that the partitions
 * with the prefix are exactly the keys from the prefix (inclusive) to {@link #end(String)} (exclusive) in UTF-8
 * byte order, and a backend needs no filter. No {@link dev.nosqlpatterns.store.model.Capability} constant names
 * the port, as no technique chooses a strategy by it: it is {@link Capabilities#prefixScans()}.
 */
public interface PrefixScans {

    /**
     * One page of one scan segment, as {@link StoreBackend#scan} reads it, among the partitions whose key begins
     * with {@code partitionPrefix}: only their items, the same segments (a partition is in the segment its key
     * gives, as in a full scan), tokens that resume this prefix scan alone.
     *
     * @throws dev.nosqlpatterns.store.model.InvalidRequestException when the token is not of a scan of this prefix
     */
    ScanResult scan(ScanRequest scan, String partitionPrefix, CostMeter meter);

    /**
     * The first key after every key that begins with {@code prefix}: the prefix with its last character one
     * higher.
     *
     * @throws IllegalArgumentException when the prefix is empty or does not end with a character below DEL
     */
    static String end(String prefix) {
        Objects.requireNonNull(prefix, "partition prefix must not be null");
        char last = prefix.isEmpty() ? 0 : prefix.charAt(prefix.length() - 1);
        if (prefix.isEmpty() || last >= 0x7F) {
            throw new IllegalArgumentException("a partition prefix must end with an ASCII character below DEL, got '"
                    + prefix + "'");
        }
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }
}
