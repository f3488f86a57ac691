/**
 * Secondary indexes the application keeps itself, for stores without one (or without one whose reads see
 * every write): an {@link dev.nosqlpatterns.index.IndexTable} maps a value derived from each item to the
 * item's key in a second table, so items are found by that value with one query instead of a scan, and
 * can enforce uniqueness ({@link dev.nosqlpatterns.index.UniqueConstraintException}). An
 * {@link dev.nosqlpatterns.index.IndexGroup} keeps several index tables of one base table in step with a
 * single write.
 *
 * <p>Entries are written atomically with the item where the store can, otherwise in an order whose only
 * leftovers are stale entries ({@link dev.nosqlpatterns.index.IndexConsistency}); {@code verify()} and
 * {@code repair()} find and fix them page by page ({@link dev.nosqlpatterns.index.IndexVerification},
 * {@link dev.nosqlpatterns.index.RepairStep}, {@link dev.nosqlpatterns.index.RepairCursor}).
 */
package dev.nosqlpatterns.index;
