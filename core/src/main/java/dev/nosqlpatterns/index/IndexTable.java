package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.IndexQuery;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An application-managed secondary index: a second logical table mapping a value derived
 * from each item (an attribute such as a city, or any function of the item) to the item's key, so items
 * are found by that value with one query instead of a scan.
 *
 * <p>Unique indexes (one item per value, e.g. FacebookId to UserId) refuse a duplicate with
 * {@link UniqueConstraintException} before anything is written. Writes go through this class so that
 * entries follow the items: atomically where the store can ({@link IndexConsistency#ATOMIC}), or by a
 * crash-safe ordered protocol ({@link IndexConsistency#REPAIRABLE}) whose only possible leftovers are
 * stale entries, which reads skip and {@link #repair()} removes. Items written through the index carry
 * a version attribute (default {@code _version}) used for compare-and-set.
 *
 * <p><b>Under concurrent writers</b> (no crash), in both modes: when every write has returned, every
 * lookup answers exactly what the base items hold, a unique value is held by one item at most, and
 * {@link #verify()} finds no missing entry. A writer removes only an entry it read before writing its
 * item and that no later put has rewritten since; the entries of a created item get a new token once the
 * item is written, so a writer of an earlier life of the item cannot remove them; a unique claim is
 * confirmed after its item is written, and a claim taken over during a pause longer than the lease makes
 * the paused put fail with {@link UniqueConstraintException} and puts its item back. In REPAIRABLE mode
 * racing writers may leave entries that point to an item that does not hold their value; reads skip them
 * and {@link #repair()} removes them. While a put whose new claim is then taken over holds its new value,
 * its old unique values look free and may be taken: before putting its item back it claims them again, so a
 * takeover decided on that read never lands. Only when a live holder took one meanwhile (a second pause
 * longer than the lease, or any interleaving with a lease of zero) does the item go back sharing the value:
 * the put's exception then says so ({@link UniqueConstraintException#leftShared()}), {@link #verify()}
 * counts the duplicate (and, once the entry's holder moves on, the missing entry), and {@link #repair()}
 * adds the missing entry but leaves the duplicate for the application to resolve.
 *
 * <p><b>Under crashes</b>: a REPAIRABLE writer that dies at any step leaves only such stale entries,
 * never a missing one, except in one case: a unique claim taken over (after its lease) while its item
 * was being written, followed by a crash before the item is put back, leaves two items holding the
 * value; {@link #verify()} counts them as duplicates, which {@link #repair()} reports and never resolves.
 * ATOMIC mode leaves nothing behind.
 */
public final class IndexTable {
    final Store store;
    final String baseTable;
    final String indexTable;
    final Function<Item, Optional<String>> valueOf;
    final Function<Item, Optional<String>> sortOf;
    final boolean unique;
    final IndexConsistency consistency;
    final String versionAttribute;
    final Duration claimLease;
    final Clock clock;
    final int maxAttempts;
    final Entries entries;
    private final String nativeIndex;
    private final IndexWrites writes;

    private IndexTable(Builder b, IndexConsistency resolved) {
        this.store = b.store;
        this.baseTable = b.baseTable;
        this.indexTable = b.indexTable;
        this.valueOf = b.valueOf;
        this.sortOf = b.sortOf;
        this.unique = b.unique;
        this.consistency = resolved;
        this.versionAttribute = b.versionAttribute;
        this.claimLease = b.claimLease;
        this.clock = b.clock;
        this.maxAttempts = b.maxAttempts;
        this.nativeIndex = b.nativeIndex;
        this.entries = new Entries(unique, sortOf);
        this.writes = resolved == IndexConsistency.NATIVE ? null : new IndexWrites(this);
    }

    public static Builder builder(Store store) {
        return new Builder(store);
    }

    /** The logical table holding the items. */
    public String baseTable() {
        return baseTable;
    }

    /** The logical table holding the entries (unused by a native index). */
    public String indexTable() {
        return indexTable;
    }

    /** How this index keeps its entries in step (never {@link IndexConsistency#AUTO}). */
    public IndexConsistency consistency() {
        return consistency;
    }

    /** The index value of an item, if it has one. */
    public Optional<String> valueOf(Item item) {
        return valueOf.apply(item);
    }

    /**
     * Stores the item in the base table and moves its index entry; returns the item as stored (with its
     * new version). Throws {@link UniqueConstraintException} when a unique value is taken.
     */
    public Item put(Item item) {
        return TechniqueCalls.call(store, "indexTable.put", baseTable, () -> {
            Objects.requireNonNull(item, "item must not be null");
            if (writes == null) {
                Item versioned = item.toBuilder().remove(versionAttribute).build();
                store.put(baseTable, versioned);
                return versioned;
            }
            return writes.put(item);
        });
    }

    /** Removes the item with this key from the base table and its entry from the index. */
    public void delete(Key key) {
        TechniqueCalls.run(store, "indexTable.delete", baseTable, () -> {
            Objects.requireNonNull(key, "key must not be null");
            if (writes == null) {
                store.delete(baseTable, key);
                return;
            }
            writes.delete(key);
        });
    }

    /**
     * Every item whose index value is {@code value}, in entry order (the sort value, if the index has one,
     * then the base key); stale entries are skipped. Reads every page: for values held by many items, use
     * {@link #find(String, int, Cursor)}.
     */
    public List<Item> find(String value) {
        return TechniqueCalls.call(store, "indexTable.find", baseTable, () -> findEvery(value));
    }

    private List<Item> findEvery(String value) {
        List<Item> out = new ArrayList<>();
        Optional<Cursor> at = Optional.empty();
        do {
            Page page = findPage(value, 500, at.orElse(null));
            out.addAll(page.items());
            at = page.next();
        } while (at.isPresent());
        return out;
    }

    /**
     * One page of the items whose index value is {@code value}, in entry order, resuming after {@code after}
     * (null for the first page). A page holds {@code limit} items unless it is the last: entries whose item
     * no longer holds the value are skipped and the page is filled from further entries. The cursor is bound
     * to this index and value.
     *
     * @throws IllegalArgumentException when the limit is below 1
     */
    public Page find(String value, int limit, Cursor after) {
        return TechniqueCalls.call(store, "indexTable.find", baseTable, () -> findPage(value, limit, after));
    }

    private Page findPage(String value, int limit, Cursor after) {
        Objects.requireNonNull(value, "index value must not be null");
        if (limit < 1) {
            throw new IllegalArgumentException("page limit must be at least 1, got " + limit);
        }
        if (nativeIndex != null) {
            IndexQuery q = IndexQuery.of(baseTable, nativeIndex, Value.of(value)).limit(limit);
            return store.queryIndex(after == null ? q : q.after(after));
        }
        if (unique) {
            if (after != null) {
                return new Page(List.of(), Optional.empty());
            }
            List<Item> one = store.get(indexTable, Key.of(value, Entries.UNIQUE_SORT))
                    .map(e -> live(List.of(e))).orElse(List.of());
            return new Page(one, Optional.empty());
        }
        List<Item> out = new ArrayList<>();
        Query q = Query.in(indexTable, value);
        Optional<Cursor> at = Optional.ofNullable(after);
        do {
            Query page = q.limit(limit - out.size());
            Page entries = store.query(at.isPresent() ? page.after(at.get()) : page);
            out.addAll(live(entries.items()));
            at = entries.next();
        } while (out.size() < limit && at.isPresent());
        return new Page(out, at);
    }

    /** The items the entries point to that still hold them, in the entries' order. */
    private List<Item> live(List<Item> entryItems) {
        if (entryItems.isEmpty()) {
            return List.of();
        }
        BatchGetResult items = store.getAll(baseTable, entryItems.stream().map(Entries::baseOf).distinct().toList());
        List<Item> out = new ArrayList<>();
        for (Item entry : entryItems) {
            items.get(baseRef(Entries.baseOf(entry))).filter(item -> holds(item, entry.key())).ifPresent(out::add);
        }
        return out;
    }

    /** True when the item's current value and sort value give exactly this entry key. */
    boolean holds(Item item, Key entryKey) {
        return valueOf.apply(item).map(v -> entries.entryKey(v, item).equals(entryKey)).orElse(false);
    }

    /** The one item holding a unique value. */
    public Optional<Item> findUnique(String value) {
        return TechniqueCalls.call(store, "indexTable.findUnique", baseTable, () -> {
            if (!unique) {
                throw new IllegalStateException("index '" + indexTable + "' is not unique; use find(value)");
            }
            return findEvery(value).stream().findFirst();
        });
    }

    /**
     * Compares the index with the base table and reports the drift; changes nothing.
     *
     * <p>First it looks at the index as a whole: a scan of the index table tallies the entries it holds (key and
     * named item, a count and a 128-bit hash sum, in constant memory), and, unless it holds none, a scan of the
     * base table tallies the entries its items must have. When the tallies are equal, every item has its entry and
     * no entry is left over: the verify ends there, having read each item and entry once, as a hand-written
     * comparison of the two tables would, without holding either in memory. When they differ, the verify runs the
     * two passes below, which find and report each drifting item and entry; the look cost a scan of each table
     * more. {@link #repair()} looks first in the same way, so a repair of an index without drift writes nothing
     * and reads what a verify reads.
     *
     * <p>Pass 1 scans the base table and reads each page's entries in one batch read; its first page holds 200
     * items, each next one as many (200 to 1,000) as keep the largest item of the page before within 4 MiB, so
     * small items take fewer round trips and memory stays bounded. Pass 2 then scans the index
     * table, reading no base item, and compares the entries it finds with those pass 1 confirmed (an entry read
     * naming the item checked), as a count and a 128-bit hash sum of each entry's key, named item and write
     * (constant memory). When they match, no entry can be stale and pass 2 ends there: a verify of an index without
     * drift costs a scan of each table and a batch read of entries per page of base items, and reads no base item
     * a second time. When they differ (a stale entry, or entries written meanwhile), pass 2 scans the index table
     * again and reads the base item of every entry, a batch read per page of entries, to find the stale ones.
     *
     * <p>Under concurrent writers, the count ends pass 2 only when every entry it found was live (named an item
     * holding it) when pass 1 read it, and unchanged since. It never reports drift that is not there, and never
     * misses a stale entry left unchanged from the start of the verify to its end (it was never confirmed, and a
     * scan returns every item present throughout it); it may leave unreported an entry that became stale after pass
     * 1 confirmed it, as reading every entry's item leaves unreported those that become stale after they were
     * read. Equal tallies of different entries would take a hash collision, of negligible chance (2<sup>-64</sup>).
     */
    public IndexVerification verify() {
        return TechniqueCalls.call(store, "indexTable.verify", baseTable, () -> new IndexAudit(this, false).run());
    }

    /**
     * Adds missing entries and removes stale ones until the index matches the base table; returns what it fixed.
     * Reads as {@link #verify()} does: an entry it adds counts as confirmed once written while its item held it
     * (in an atomic write checking the item's version) or read back with its item holding it, so pass 2 reads no
     * base item when, missing entries added, the index table holds exactly the confirmed entries.
     *
     * <p>A backfill (a repair whose look finds the index table without entries) ends with pass 1 and does not scan
     * the index table again: every entry it then holds was written after the repair began, by the repair (which
     * read back each entry it added and removed those whose items changed meanwhile) or by writers of the items,
     * so none can have been stale throughout it, which is all pass 2 is sure to find. An entry a writer leaves
     * stale during the backfill is found by the next verify or repair, as one left just after pass 2 would be.
     * The backfill reports the entries it added and confirmed as the entries checked.
     */
    public IndexVerification repair() {
        return TechniqueCalls.call(store, "indexTable.repair", baseTable, () -> new IndexAudit(this, true).run());
    }

    /**
     * One page ({@code pageSize} items or entries) of a verify ({@code fix} false) or repair, resumable
     * from {@code from}; for long repairs that must survive a restart. The cursor carries the tallies that let
     * pass 2 end after counting the index table (see {@link #verify()}): pages of pass 2 first count entries,
     * reporting nothing until the count's last page, which reports every entry checked when the count matches;
     * otherwise pass 2 starts again and checks the item of every entry. A cursor made without tallies
     * ({@link RepairCursor#RepairCursor(int, Optional)}) always checks every entry's item.
     */
    public RepairStep auditPage(RepairCursor from, int pageSize, boolean fix) {
        return TechniqueCalls.call(store, "indexTable." + (fix ? "repair" : "verify"), baseTable, () -> {
            if (pageSize < 1) {
                throw new IllegalArgumentException("page size must be at least 1, got " + pageSize);
            }
            return new IndexAudit(this, fix).page(Objects.requireNonNull(from, "from"), pageSize);
        });
    }

    /**
     * A verify ({@code fix} false) or repair ({@code fix} true) fed with pages the caller reads itself, for
     * audits split among workers that each scan some segments of the base table (pass 1) and then of the index
     * table (pass 2): the drifts of all calls add up to what {@link #verify()} or {@link #repair()} reports. An
     * audit remembers the unique values it saw without their entry, so for a unique index every base item
     * holding one value must go through the same audit for its duplicates to be counted as {@link #verify()}
     * counts them. A native index has nothing to audit: every call reports no drift. Pass 2 here reads the base
     * item of every entry it is given: the workers' pages are not counted against pass 1's confirmed entries as
     * {@link #verify()} counts them.
     */
    public BatchAudit batchAudit(boolean fix) {
        return batchAudit(new IndexAudit(this, fix), fix, false);
    }

    /**
     * A repair fed with pages, as {@link #batchAudit(boolean)}, for a backfill: a caller whose look found the index
     * table without entries (the sum of {@link BatchAudit#entriesHeld} over it had none). Its
     * {@link BatchAudit#checkItems} is all the backfill needs, as in {@link #repair()}: pass 1 alone, each page's
     * entries of a non-unique index taken as missing without a read, and each page reporting the entries it added
     * and confirmed as entries checked. Pass 2 would find no entry stale throughout the backfill, so it is left out.
     */
    public BatchAudit backfillAudit() {
        return batchAudit(new IndexAudit(this, true).afterEmptyLook(), true, true);
    }

    private BatchAudit batchAudit(IndexAudit audit, boolean fix, boolean backfill) {
        String technique = "indexTable." + (fix ? "repair" : "verify");
        return new BatchAudit() {
            @Override
            public IndexVerification checkItems(List<Item> baseItems) {
                return TechniqueCalls.call(store, technique, baseTable,
                        () -> backfill ? audit.backfillItems(baseItems) : audit.checkItems(baseItems));
            }

            @Override
            public IndexVerification checkEntries(List<Item> entries) {
                return TechniqueCalls.call(store, technique, baseTable, () -> audit.checkEntries(entries));
            }

            @Override
            public RepairCursor.EntryTally entriesDue(List<Item> baseItems) {
                return audit.entriesDue(baseItems);
            }

            @Override
            public RepairCursor.EntryTally entriesHeld(List<Item> entries) {
                return audit.entriesHeld(entries);
            }
        };
    }

    /**
     * Pass 1 and pass 2 of a verify or repair, on pages read by the caller; see {@link #batchAudit(boolean)}. A
     * verify split among workers may look first, as {@link #verify()} does: the sum of {@link #entriesDue} over
     * every base item equal to the sum of {@link #entriesHeld} over every entry of the index table means no drift,
     * with every item and entry checked; only when they differ need the two passes run.
     */
    public interface BatchAudit {
        /** Checks (and when fixing, adds) the entries of these base items; only the first pass counts them. */
        IndexVerification checkItems(List<Item> baseItems);

        /** Checks (and when fixing, removes stale) index entries; run it once every base item was checked. */
        IndexVerification checkEntries(List<Item> entries);

        /** The tally of the entries these base items must have: their keys and the items they name. */
        RepairCursor.EntryTally entriesDue(List<Item> baseItems);

        /** The tally of these entries of the index table, as {@link #entriesDue} tallies entries. */
        RepairCursor.EntryTally entriesHeld(List<Item> entries);
    }

    boolean isNative() {
        return nativeIndex != null;
    }

    @Override
    public String toString() {
        return "IndexTable[" + baseTable + " -> " + indexTable + (unique ? ", unique" : "") + ", " + consistency + "]";
    }

    /** Configures an {@link IndexTable}; {@link #build()} checks every setting at once. */
    public static final class Builder {
        private final Store store;
        private String baseTable;
        private String indexTable;
        private Function<Item, Optional<String>> valueOf;
        private Function<Item, Optional<String>> sortOf = item -> Optional.empty();
        private String attribute;
        private boolean unique;
        private IndexConsistency consistency = IndexConsistency.AUTO;
        private String versionAttribute = "_version";
        private Duration claimLease = Duration.ofSeconds(30);
        private Clock clock;
        private int maxAttempts = 20;
        private String nativeIndex;

        private Builder(Store store) {
            this.store = Objects.requireNonNull(store, "store must not be null");
            this.clock = store.clock();
        }

        /** The logical table holding the items. */
        public Builder baseTable(String table) {
            this.baseTable = table;
            return this;
        }

        /** The logical table holding the entries; created when absent. */
        public Builder indexTable(String table) {
            this.indexTable = table;
            return this;
        }

        /** Indexes the string attribute {@code name}; items without it are not indexed. */
        public Builder attribute(String name) {
            this.attribute = name;
            this.valueOf = item -> item.getString(name);
            return this;
        }

        /** Indexes any value derived from the item (empty: not indexed). */
        public Builder value(Function<Item, Optional<String>> function) {
            this.attribute = null;
            this.valueOf = function;
            return this;
        }

        /**
         * Orders the entries of one value by this text derived from the item (compared as UTF-8 bytes, then by
         * the item's key), e.g. a name or a date in a sortable form; by default by the item's key alone. A unique
         * index has one entry per value and ignores it.
         */
        public Builder sortValue(Function<Item, Optional<String>> function) {
            this.sortOf = Objects.requireNonNull(function, "sort value function must not be null");
            return this;
        }

        public Builder unique(boolean isUnique) {
            this.unique = isUnique;
            return this;
        }

        public Builder consistency(IndexConsistency mode) {
            this.consistency = mode;
            return this;
        }

        /** Uses the store's native index of this name (declared on the base table) instead of an index table. */
        public Builder nativeIndex(String indexName) {
            this.nativeIndex = indexName;
            this.consistency = IndexConsistency.NATIVE;
            return this;
        }

        public Builder versionAttribute(String name) {
            this.versionAttribute = name;
            return this;
        }

        /** How long a unique value being claimed by an unfinished write is protected from takeover. */
        public Builder claimLease(Duration lease) {
            this.claimLease = lease;
            return this;
        }

        /** The clock that times entries and judges claim leases; the store's clock by default. */
        public Builder clock(Clock c) {
            this.clock = c;
            return this;
        }

        /** Attempts of a write that loses compare-and-set races before it gives up. */
        public Builder maxAttempts(int attempts) {
            this.maxAttempts = attempts;
            return this;
        }

        public IndexTable build() {
            List<String> problems = new ArrayList<>();
            if (baseTable == null) {
                problems.add("baseTable is required");
            } else if (!store.hasTable(baseTable)) {
                problems.add("base table '" + baseTable + "' is not declared on the store (call store.createTable first)");
            }
            if (valueOf == null) {
                problems.add("attribute(name) or value(function) is required");
            }
            if (consistency == null) {
                problems.add("consistency must not be null");
            }
            IndexConsistency resolved = consistency == IndexConsistency.AUTO
                    ? (store.has(Capability.ATOMIC_WRITES) ? IndexConsistency.ATOMIC : IndexConsistency.REPAIRABLE)
                    : consistency;
            if (resolved == IndexConsistency.NATIVE) {
                if (nativeIndex == null) {
                    problems.add("NATIVE consistency needs nativeIndex(name)");
                }
                if (unique) {
                    problems.add("a native index cannot enforce uniqueness; use an index table");
                }
                if (attribute == null) {
                    problems.add("a native index indexes an attribute, not a function; use attribute(name)");
                }
                if (!store.has(Capability.NATIVE_SECONDARY_INDEX)) {
                    problems.add("the " + store.kind() + " store has no native secondary index");
                }
            } else {
                if (indexTable == null) {
                    problems.add("indexTable is required");
                } else if (indexTable.equals(baseTable)) {
                    problems.add("indexTable must differ from baseTable");
                }
                if (resolved == IndexConsistency.ATOMIC && !store.has(Capability.ATOMIC_WRITES)) {
                    problems.add("ATOMIC consistency needs a store with atomic writes; the " + store.kind()
                            + " store has none (use REPAIRABLE or AUTO)");
                }
            }
            if (versionAttribute == null || versionAttribute.isEmpty()) {
                problems.add("versionAttribute must be a non-empty name");
            }
            if (claimLease == null || claimLease.isNegative()) {
                problems.add("claimLease must be zero or positive, got " + claimLease);
            }
            if (clock == null) {
                problems.add("clock must not be null");
            }
            if (maxAttempts < 1) {
                problems.add("maxAttempts must be at least 1, got " + maxAttempts);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid index table: " + String.join("; ", problems));
            }
            if (resolved != IndexConsistency.NATIVE) {
                store.createTable(TableSpec.named(indexTable));
            }
            return new IndexTable(this, resolved);
        }
    }

    ItemRef baseRef(Key key) {
        return new ItemRef(baseTable, key);
    }
}
