package dev.nosqlpatterns.index;

/** How an {@link IndexTable} keeps its entries in step with the base table. */
public enum IndexConsistency {
    /** The store's multi-item atomic writes: base item and entries change together or not at all. */
    ATOMIC,
    /**
     * Conditional single-item writes in an order that leaves, after a crash at any step, at most stale
     * entries (never a missing one); reads check entries against the base item and skip stale ones, and
     * {@link IndexTable#repair()} removes them.
     */
    REPAIRABLE,
    /** The store's own secondary index ({@code NativeSecondaryIndexes}); non-unique attribute indexes only. */
    NATIVE,
    /** {@link #ATOMIC} when the store has atomic writes, else {@link #REPAIRABLE}. */
    AUTO
}
