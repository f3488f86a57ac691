package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.StoreUnavailableException;

/**
 * WAIT after each item write: the write and a {@code WAIT replicas timeout} go down one connection in one
 * pipeline, so WAIT counts the replicas that have that very write. Fewer than {@code replicas} within
 * {@code timeoutMs} fails the call with a {@link StoreUnavailableException}: the write was applied on the
 * primary, but a failover before the replicas catch up can lose it.
 *
 * @param replicas  replicas that must acknowledge each write; 0 turns the wait off
 * @param timeoutMs how long WAIT may block; 0 waits without limit, as WAIT does
 */
record ReplicaWait(int replicas, long timeoutMs) {
    static final ReplicaWait NONE = new ReplicaWait(0, 0);

    boolean on() {
        return replicas > 0;
    }

    /** Throws when fewer replicas than required acknowledged the write. */
    void check(long acknowledged, String table, Key key) {
        if (acknowledged < replicas) {
            throw new StoreUnavailableException("Redis applied the write" + (table == null ? "" : " (table '" + table
                    + "'" + (key == null ? "" : ", key " + key) + ")") + " on the primary, but only " + acknowledged
                    + " of the " + replicas + " replicas required acknowledged it within " + timeoutMs
                    + " ms: a failover now may lose it", table, key, null);
        }
    }
}
