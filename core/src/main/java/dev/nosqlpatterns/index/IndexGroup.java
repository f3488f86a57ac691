package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Several index tables over one base table, kept in step by every write: each put writes the item once and
 * moves the entries of every index, with the protocol of {@link IndexTable} (one atomic write, or the
 * repairable order whose only leftovers are stale entries). Writing the same items through the indexes one
 * by one would write the item once per index, and a crash between them would leave an index missing an
 * entry.
 *
 * <p>Also offers versioned read-modify-write ({@link #update}) and must-be-new puts ({@link #insert}). With no
 * index, these are plain versioned writes of the items. Reads, {@code verify()} and {@code repair()} stay
 * with each {@link IndexTable}. Thread-safe when the store is.
 */
public final class IndexGroup {
    private final List<IndexTable> indexes;
    private final String baseTable;
    private final IndexWrites writes;

    private IndexGroup(List<IndexTable> indexes, IndexWrites writes, String baseTable) {
        this.indexes = indexes;
        this.writes = writes;
        this.baseTable = baseTable;
    }

    /**
     * The group of {@code indexes}, which must share one store (the same instance), base table, version
     * attribute and consistency, and use index tables (a native index needs no group: the store keeps it).
     *
     * @throws IllegalArgumentException listing every mismatch, or when the list is empty or holds an index twice
     */
    public static IndexGroup of(List<IndexTable> indexes) {
        Objects.requireNonNull(indexes, "indexes must not be null");
        if (indexes.isEmpty()) {
            throw new IllegalArgumentException("an index group needs at least one index table");
        }
        IndexTable first = Objects.requireNonNull(indexes.get(0), "index 0 is null");
        List<String> problems = new ArrayList<>();
        IdentityHashMap<IndexTable, Boolean> seen = new IdentityHashMap<>();
        List<String> tables = new ArrayList<>();
        for (int i = 0; i < indexes.size(); i++) {
            IndexTable ix = Objects.requireNonNull(indexes.get(i), "index " + i + " is null");
            if (seen.put(ix, true) != null || tables.contains(ix.indexTable)) {
                problems.add(ix + " appears twice");
            }
            tables.add(ix.indexTable);
            if (ix.store != first.store) {
                problems.add(ix + " is on another store than " + first);
            }
            if (!ix.baseTable.equals(first.baseTable)) {
                problems.add(ix + " indexes table '" + ix.baseTable + "', not '" + first.baseTable + "'");
            }
            if (!ix.versionAttribute.equals(first.versionAttribute)) {
                problems.add(ix + " versions items in '" + ix.versionAttribute + "', not '" + first.versionAttribute + "'");
            }
            if (ix.consistency != first.consistency) {
                problems.add(ix + " is " + ix.consistency + ", not " + first.consistency + " like " + first);
            }
            if (ix.isNative()) {
                problems.add(ix + " is a native index, which the store keeps in step by itself");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid index group: " + String.join("; ", problems));
        }
        IndexWrites writes = new IndexWrites(indexes, first.store, first.baseTable, first.versionAttribute,
                first.consistency, first.clock, first.claimLease, first.maxAttempts);
        return new IndexGroup(List.copyOf(indexes), writes, first.baseTable);
    }

    /**
     * A group with no index on {@code baseTable}: versioned puts, updates and deletes of the items alone, in the
     * version attribute {@code _version}, with up to 20 attempts per write like an index table's default.
     */
    public static IndexGroup withoutIndexes(dev.nosqlpatterns.store.Store store, String baseTable) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(baseTable, "base table must not be null");
        IndexWrites writes = new IndexWrites(List.of(), store, baseTable, "_version", IndexConsistency.REPAIRABLE,
                java.time.Clock.systemUTC(), java.time.Duration.ZERO, 20);
        return new IndexGroup(List.of(), writes, baseTable);
    }

    /**
     * Stores the item, replacing any at its key, and moves every index's entry; returns the item as stored
     * (with its new version).
     *
     * @throws UniqueConstraintException when a unique index's value is held by another item; nothing is
     *                                   written then
     */
    public Item put(Item item) {
        return TechniqueCalls.call(writes.store(), "indexGroup.put", baseTable, () -> {
            Objects.requireNonNull(item, "item must not be null");
            return writes.put(item);
        });
    }

    /**
     * Stores many items, each replacing any at its key, with every index's entries, as {@link #put} one after the
     * other would, but in windows of items: one or two batch reads per window (the current items, the entries to
     * check or move), and the writes grouped into the store's batch and atomic writes instead of a chain of calls
     * per item. In the repairable mode each step of the protocol runs for the whole window before the next, so a
     * crash anywhere leaves only stale entries, as a crash of {@link #put} does. Every item and its entries are
     * checked before anything is written. Not atomic as a whole: after a failure of the store some items may be
     * written.
     *
     * @throws UniqueConstraintException when a unique value is held by an item outside the list, or by an earlier
     *                                   item of it: the items before the refused one are written, it and those
     *                                   after are not (a value lost to a concurrent writer may be refused after
     *                                   later items of its window are written)
     * @throws dev.nosqlpatterns.store.model.StoreException as {@link #check}, before anything is written
     */
    public void putAll(List<Item> items) {
        TechniqueCalls.run(writes.store(), "indexGroup.putAll", baseTable, () -> {
            Objects.requireNonNull(items, "items must not be null");
            for (int i = 0; i < items.size(); i++) {
                writes.check(Objects.requireNonNull(items.get(i), "item " + i + " to put is null"));
            }
            new BulkIndexWrites(writes).putAll(items);
        });
    }

    /**
     * Puts collected for one {@link #putAll}, each item checked with its entries when it is added: bad input fails
     * at the add that brought it, and the write does not check the items again.
     */
    public Batch batch() {
        return new Batch();
    }

    /** Items checked as they are added, then written at once as {@link #putAll} writes them. Not thread-safe. */
    public final class Batch {
        private final List<Item> items = new ArrayList<>();

        private Batch() {
        }

        /**
         * Checks {@code item} and its entries as {@link #check} does, then keeps it for {@link #write()}.
         *
         * @throws dev.nosqlpatterns.store.model.StoreException as {@link #check}; the batch is unchanged then
         */
        public Batch put(Item item) {
            check(item);
            items.add(item);
            return this;
        }

        /** How many items are waiting to be written. */
        public int size() {
            return items.size();
        }

        /**
         * Writes the items collected as {@link #putAll} writes them (a later item of the same key wins) and empties
         * the batch.
         *
         * @throws UniqueConstraintException as {@link #putAll}
         */
        public void write() {
            List<Item> all = List.copyOf(items);
            items.clear();
            TechniqueCalls.run(writes.store(), "indexGroup.putAll", baseTable,
                    () -> new BulkIndexWrites(writes).putAll(all));
        }
    }

    /**
     * {@link #putAll} for items that carry their own versions: each is stored as {@link #compute} with
     * {@code old -> item} stores it, at the version attribute it carries (one more than the current one when it
     * carries none). For writers that number versions themselves, such as a migration's backfill.
     *
     * @throws UniqueConstraintException as {@link #putAll}
     */
    public void replaceAll(List<Item> items) {
        TechniqueCalls.run(writes.store(), "indexGroup.replaceAll", baseTable, () -> {
            Objects.requireNonNull(items, "items must not be null");
            for (int i = 0; i < items.size(); i++) {
                writes.check(Objects.requireNonNull(items.get(i), "item " + i + " to put is null"));
            }
            new BulkIndexWrites(writes, BulkIndexWrites.Versions.KEPT).putAll(items);
        });
    }

    /**
     * Rewrites many items made from what was read of them, each only while the stored item is still at the version
     * it carries (the version it was made from), in windows as {@link #putAll} writes; each written is stored at
     * the next version with its entries moved. An item whose stored version differs (it changed, or is gone) is
     * not written: its key is answered, for the caller to read it again and make it anew.
     *
     * @return the keys of the items not written, in no particular order
     * @throws UniqueConstraintException as {@link #putAll}
     */
    public List<Key> updateAll(List<Item> items) {
        return TechniqueCalls.call(writes.store(), "indexGroup.updateAll", baseTable, () -> {
            Objects.requireNonNull(items, "items must not be null");
            for (int i = 0; i < items.size(); i++) {
                Item item = Objects.requireNonNull(items.get(i), "item " + i + " to update is null");
                if (item.getLong(writes.versionAttribute()).isEmpty()) {
                    throw new IllegalArgumentException("item " + i + " (" + item.key() + ") carries no '"
                            + writes.versionAttribute() + "': updateAll needs the version each item was made from");
                }
                writes.check(item);
            }
            return new BulkIndexWrites(writes, BulkIndexWrites.Versions.EXPECTED).putAll(items);
        });
    }

    /**
     * Checks {@code item} and the entry of each index as {@link #put} checks them before writing (keys, names,
     * values, sizes), writing nothing: bulk writers check every item of a batch before writing any.
     *
     * @throws dev.nosqlpatterns.store.model.StoreException naming the table (the base table or an index table),
     *                                                      the key and what is wrong
     */
    public void check(Item item) {
        Objects.requireNonNull(item, "item must not be null");
        writes.check(item);
    }

    /**
     * Stores an item that must be new, with its entries.
     *
     * @throws ConditionFailedException  when an item exists at its key; nothing is written then
     * @throws UniqueConstraintException as {@link #put}
     */
    public Item insert(Item item) {
        return TechniqueCalls.call(writes.store(), "indexGroup.insert", baseTable, () -> {
            Objects.requireNonNull(item, "item must not be null");
            return writes.put(item.key(), old -> item, true, false);
        });
    }

    /**
     * Replaces the item at {@code key} by what {@code change} makes of it, with a compare-and-set on its
     * version: when another write lands between the read and the write, the item is read again and
     * {@code change} applied again (so it must have no side effects), up to the configured attempts.
     *
     * @return the item as stored, or empty when there is no item at the key (or {@code only} refuses it)
     * @throws IllegalArgumentException when {@code change} returns null or an item with another key
     */
    public Optional<Item> update(Key key, Predicate<Item> only, UnaryOperator<Item> change) {
        return TechniqueCalls.call(writes.store(), "indexGroup.update", baseTable, () -> {
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(only, "filter must not be null");
            Objects.requireNonNull(change, "change must not be null");
            try {
                return Optional.of(writes.put(key, old -> {
                    if (old.isEmpty() || !only.test(old.get())) {
                        throw new Absent();
                    }
                    Item next = change.apply(old.get());
                    if (next == null) {
                        throw new IllegalArgumentException("the change of " + key + " returned null");
                    }
                    return next.toBuilder().remove(writesVersionAttribute()).build();
                }, false, false));
            } catch (Absent none) {
                return Optional.empty();
            }
        });
    }

    /**
     * Writes what {@code next} makes of the item at {@code key} (empty when there is none), read afresh on every
     * attempt, with its entries, by compare-and-set on the version read. The item keeps the version attribute
     * {@code next} sets, for callers that number versions themselves (one more than the current one otherwise).
     * {@code next} may throw to refuse the write; nothing is written then.
     *
     * @return the item as stored
     */
    public Item compute(Key key, java.util.function.Function<Optional<Item>, Item> next) {
        return TechniqueCalls.call(writes.store(), "indexGroup.compute", baseTable, () -> {
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(next, "next must not be null");
            return writes.put(key, old -> {
                Item item = next.apply(old);
                if (item == null) {
                    throw new IllegalArgumentException("the new item for " + key + " is null");
                }
                return item;
            }, false, true);
        });
    }

    /**
     * Deletes the item at {@code key} and its entries, when {@code only} accepts the item.
     *
     * @return true when an item was deleted
     */
    public boolean delete(Key key, Predicate<Item> only) {
        return TechniqueCalls.call(writes.store(), "indexGroup.delete", baseTable, () -> {
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(only, "filter must not be null");
            return writes.delete(key, only);
        });
    }

    private String writesVersionAttribute() {
        return writes.versionAttribute();
    }

    @Override
    public String toString() {
        return "IndexGroup[" + baseTable + ": " + indexes + "]";
    }

    /** Signals that there is no item to update; never leaves this class. */
    private static final class Absent extends RuntimeException {
        Absent() {
            super(null, null, false, false);
        }
    }
}
