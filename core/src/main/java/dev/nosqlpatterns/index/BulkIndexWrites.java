package dev.nosqlpatterns.index;

import dev.nosqlpatterns.internal.ConditionalWrites;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Puts of many items with the entries of every index of a group, window by window: the protocol of
 * {@link IndexWrites} with its reads made as batch reads of a whole window and its writes sent in batches,
 * instead of one chain of calls per item.
 *
 * <p>Per window: one batch read of the current items and of the unique entries the new values need, then one of
 * the entries the items leave behind (and of the items named by old unique entries held by others, to tell stale
 * ones). Atomic mode then sends each item's writes (the item by compare-and-set on its version, its entries, the
 * removal of its old entries) in atomic writes holding as many whole items as the store allows, several at once
 * (the items of a window are distinct and claim distinct values, so their writes are independent). Repairable mode
 * keeps the one-item order, step by step for the whole window: (1) every new entry (plain ones in one batch,
 * unique claims conditionally), (2) every item by compare-and-set on its version, (3) the claims confirmed,
 * (4) the old entries removed. No step starts before the one before has ended for every item, so a crash at any
 * point leaves what a crash of the one-item protocol leaves: entries whose item does not hold them. Conditional
 * writes go in atomic writes where the store has them, else concurrently, one call each. An item whose
 * conditional write loses a race to another writer is written again by the one-item protocol, which reads afresh.
 *
 * <p>Uniqueness is decided for the whole window from its batch read: a value held by an item outside the window
 * (and not stale), or claimed by an earlier item of the window, fails the put with
 * {@link UniqueConstraintException} once the items before it are written, as puts one after the other would.
 * An item taking a value that an earlier item of the window gives up starts a new window, so that the value is
 * released first; so does a key seen twice, so that the later put wins.
 */
final class BulkIndexWrites {
    /** Items read and written together. */
    static final int WINDOW = 500;
    /** Atomic writes of whole items in flight at once. */
    private static final int PARALLEL_GROUPS = 4;

    private final IndexWrites writes;
    private final Store store;
    private final String baseTable;

    private final Versions versions;
    private final List<Key> deferred = new ArrayList<>();

    /** What the version attribute an item carries means. */
    enum Versions {
        /** Nothing: every item is stored at the current version plus one. */
        RENEWED,
        /** The version to store the item at (when it carries one). */
        KEPT,
        /**
         * The version the item was made from: it is stored (at the next version) only while the current item has
         * that version; otherwise it is left for the caller, see {@link #putAll}.
         */
        EXPECTED
    }

    BulkIndexWrites(IndexWrites writes) {
        this(writes, Versions.RENEWED);
    }

    BulkIndexWrites(IndexWrites writes, Versions versions) {
        this.writes = writes;
        this.versions = versions;
        this.store = writes.store();
        this.baseTable = writes.baseTable();
    }

    /** A claim of a unique value: the conditional put of its entry. */
    private record Claim(IndexTable ix, String value, Write.Put put) {
    }

    /** One item's writes, decided from the window's reads. */
    private record Planned(Item original, Item stored, Optional<Item> old, List<Write.Put> entries,
                           List<Claim> claims, List<Write.Delete> leftBehind) {
        Write.Put basePut(IndexWrites writes) {
            return new Write.Put(writes.baseTable(), stored, writes.versionCondition(old));
        }
    }

    /** The items of a window before {@code cut}, and why the window ends there: a clash, or null to go on. */
    private record Plan(List<Planned> items, int cut, UniqueConstraintException clash) {
    }

    /**
     * Puts every item, in windows of {@link #WINDOW}; the items were checked by the caller. Answers the keys of the
     * items left unwritten because the stored item was not at the version they expected ({@link Versions#EXPECTED}
     * only; empty otherwise).
     */
    List<Key> putAll(List<Item> items) {
        List<Item> window = new ArrayList<>();
        Set<Key> keys = new HashSet<>();
        for (Item item : items) {
            if (window.size() == WINDOW || keys.contains(item.key())) {
                putWindow(window);
                window = new ArrayList<>();
                keys.clear();
            }
            window.add(item);
            keys.add(item.key());
        }
        if (!window.isEmpty()) {
            putWindow(window);
        }
        return List.copyOf(deferred);
    }

    private void putWindow(List<Item> window) {
        Plan plan = plan(window);
        write(plan.items());
        if (plan.clash() != null) {
            throw plan.clash();
        }
        if (plan.cut() < window.size()) {
            putWindow(window.subList(plan.cut(), window.size()));
        }
    }

    private Plan plan(List<Item> window) {
        long now = writes.clock().millis();
        long lease = writes.claimLease().toMillis();
        List<IndexTable> members = writes.members();
        Map<Key, Integer> position = new HashMap<>();
        // Read 1: the items, and the unique entries their new values need.
        List<ItemRef> refs = new ArrayList<>();
        for (Item item : window) {
            position.put(item.key(), position.size());
            refs.add(new ItemRef(baseTable, item.key()));
            for (IndexTable ix : members) {
                if (ix.unique) {
                    ix.valueOf.apply(item).ifPresent(v -> refs.add(new ItemRef(ix.indexTable, ix.entries.entryKey(v, item))));
                }
            }
        }
        BatchGetResult first = store.getAll(refs);
        // Read 2: the entries the items leave, and the items named by old claims of other items.
        List<ItemRef> more = new ArrayList<>();
        for (Item item : window) {
            Optional<Item> old = first.get(new ItemRef(baseTable, item.key()));
            for (IndexTable ix : members) {
                Optional<Key> newKey = ix.valueOf.apply(item).map(v -> ix.entries.entryKey(v, item));
                old.flatMap(ix.valueOf).map(v -> ix.entries.entryKey(v, old.get()))
                        .filter(k -> !Optional.of(k).equals(newKey))
                        .ifPresent(k -> more.add(new ItemRef(ix.indexTable, k)));
                if (ix.unique && newKey.isPresent()) {
                    first.get(new ItemRef(ix.indexTable, newKey.get())).map(Entries::baseOf)
                            .filter(h -> !position.containsKey(h))
                            .filter(h -> now - Entries.writtenAt(first.get(new ItemRef(ix.indexTable, newKey.get()))
                                    .orElseThrow()) >= lease)
                            .ifPresent(h -> more.add(new ItemRef(baseTable, h)));
                }
            }
        }
        BatchGetResult second = more.isEmpty() ? null : store.getAll(more);
        Reads reads = new Reads(first, second);
        List<Planned> planned = new ArrayList<>();
        Map<ItemRef, Key> claimed = new HashMap<>();
        for (int i = 0; i < window.size(); i++) {
            Item item = window.get(i);
            Key key = item.key();
            Optional<Item> old = reads.get(new ItemRef(baseTable, key));
            Optional<Long> carried = item.getLong(writes.versionAttribute());
            if (versions == Versions.EXPECTED && !carried.equals(old.flatMap(o -> o.getLong(writes.versionAttribute())))) {
                deferred.add(key); // made from another version than the one stored now
                continue;
            }
            Item stored = versions == Versions.KEPT && carried.isPresent() ? item
                    : item.toBuilder().put(writes.versionAttribute(), writes.nextVersion(old)).build();
            if (stored != item) {
                // The caller checked the item and its entries; the version added changes the item alone.
                store.validate(List.of(Write.put(baseTable, stored)));
            }
            List<Write.Put> entries = new ArrayList<>();
            List<Claim> claims = new ArrayList<>();
            List<Write.Delete> leftBehind = new ArrayList<>();
            for (IndexTable ix : members) {
                Optional<String> value = ix.valueOf.apply(stored);
                Optional<Key> newKey = value.map(v -> ix.entries.entryKey(v, stored));
                old.flatMap(ix.valueOf).map(v -> ix.entries.entryKey(v, old.get()))
                        .filter(k -> !Optional.of(k).equals(newKey))
                        .flatMap(k -> reads.get(new ItemRef(ix.indexTable, k)))
                        .filter(e -> Entries.baseOf(e).equals(key))
                        .ifPresent(e -> leftBehind.add(new Write.Delete(ix.indexTable, e.key(), Entries.sameWrite(e))));
                if (value.isEmpty()) {
                    continue;
                }
                Item entry = ix.entries.entry(value.get(), stored, now);
                if (!ix.unique) {
                    entries.add(Write.put(ix.indexTable, entry));
                    continue;
                }
                ItemRef ref = new ItemRef(ix.indexTable, entry.key());
                Key earlier = claimed.get(ref);
                if (earlier != null) {
                    return new Plan(planned, i, new UniqueConstraintException(ix.indexTable, value.get(), key, earlier));
                }
                Optional<Item> current = reads.get(ref);
                Condition when = Condition.ifAbsent();
                if (current.isPresent()) {
                    Key holder = Entries.baseOf(current.get());
                    Integer at = position.get(holder);
                    if (!holder.equals(key) && at != null && at < i) {
                        // An earlier item of the window gives the value up: write it first.
                        return new Plan(planned, i, null);
                    }
                    if (!holder.equals(key) && !stale(ix, current.get(), now, reads)) {
                        return new Plan(planned, i, new UniqueConstraintException(ix.indexTable, value.get(), key, holder));
                    }
                    when = IndexWrites.sameEntry(current.get());
                }
                claims.add(new Claim(ix, value.get(), Write.put(ix.indexTable, entry).when(when)));
            }
            claims.forEach(c -> claimed.put(new ItemRef(c.ix().indexTable, c.put().item().key()), key));
            planned.add(new Planned(item, stored, old, entries, claims, leftBehind));
        }
        return new Plan(planned, window.size(), null);
    }

    /** {@link IndexWrites#isStale} on the window's reads. */
    private static boolean stale(IndexTable ix, Item entry, long now, Reads reads) {
        if (now - Entries.writtenAt(entry) < ix.claimLease.toMillis()) {
            return false;
        }
        Optional<Item> holder = reads.get(new ItemRef(ix.baseTable, Entries.baseOf(entry)));
        return !holder.map(h -> ix.holds(h, entry.key())).orElse(false);
    }

    /** The items of both batch reads of a window. */
    private record Reads(BatchGetResult first, BatchGetResult second) {
        Optional<Item> get(ItemRef ref) {
            Optional<Item> found = first.get(ref);
            return found.isPresent() || second == null ? found : second.get(ref);
        }
    }

    private void write(List<Planned> items) {
        if (items.isEmpty()) {
            return;
        }
        if (writes.atomic()) {
            writeAtomically(items);
        } else {
            writeInOrder(items);
        }
    }

    /** Atomic mode: each item with its entries, several items per atomic write. */
    private void writeAtomically(List<Planned> items) {
        List<List<Write>> each = new ArrayList<>();
        for (Planned p : items) {
            List<Write> w = new ArrayList<>();
            w.add(p.basePut(writes));
            w.addAll(p.entries());
            p.claims().forEach(c -> w.add(c.put()));
            w.addAll(p.leftBehind());
            each.add(w);
        }
        List<int[]> bounds = new ArrayList<>();
        List<Callable<Boolean>> groups = new ArrayList<>();
        for (int from = 0; from < items.size(); ) {
            int to = ConditionalWrites.groupEnd(store.limits(), each, from, ConditionalWrites::bytes);
            List<Write> group = new ArrayList<>();
            each.subList(from, to).forEach(group::addAll);
            bounds.add(new int[] {from, to});
            groups.add(() -> {
                try {
                    store.writeAtomically(group);
                    return true;
                } catch (ConditionFailedException raced) {
                    return false;
                }
            });
            from = to;
        }
        // The items of a window are distinct and claim distinct values: their atomic writes go several at once.
        List<Boolean> applied = ConditionalWrites.inParallel(PARALLEL_GROUPS, groups);
        List<Planned> again = new ArrayList<>();
        for (int g = 0; g < bounds.size(); g++) {
            if (!applied.get(g)) {
                // Nothing of the group was written: its items go one by one, reading afresh.
                again.addAll(items.subList(bounds.get(g)[0], bounds.get(g)[1]));
            }
        }
        again.forEach(this::putAlone);
    }

    /** Repairable mode: the one-item order, each step for every item of the window before the next step. */
    private void writeInOrder(List<Planned> items) {
        List<Planned> again = new ArrayList<>();
        long claimedAt = writes.clock().millis();
        // (1) Every entry before any item: a crash leaves entries whose item does not hold them, never a missing one.
        List<Write> plain = new ArrayList<>();
        List<Write> claims = new ArrayList<>();
        for (Planned p : items) {
            plain.addAll(p.entries());
            p.claims().forEach(c -> claims.add(c.put()));
        }
        if (!plain.isEmpty()) {
            store.writeBatch(plain);
        }
        Set<Write> lostClaims = conditional(claims);
        List<Planned> go = new ArrayList<>();
        for (Planned p : items) {
            (p.claims().stream().anyMatch(c -> lostClaims.contains(c.put())) ? again : go).add(p);
        }
        long lease = writes.claimLease().toMillis();
        if (!claims.isEmpty() && lease > 0 && writes.clock().millis() - claimedAt > lease / 2) {
            // The claims took so long that a lease may lapse before the items are written: claim again, one by one.
            again.addAll(go);
            go.clear();
        }
        // (2) The items, each by compare-and-set on the version read.
        Map<Planned, Write> basePuts = new IdentityHashMap<>();
        go.forEach(p -> basePuts.put(p, p.basePut(writes)));
        Set<Write> lostItems = conditional(List.copyOf(basePuts.values()));
        List<Planned> written = new ArrayList<>();
        for (Planned p : go) {
            (lostItems.contains(basePuts.get(p)) ? again : written).add(p);
        }
        // (3) The claims confirmed, now that their items hold the values.
        Map<Claim, Write> confirms = new IdentityHashMap<>();
        for (Planned p : written) {
            p.claims().forEach(c -> confirms.put(c, IndexWrites.confirmation(c.ix(), c.put().item(), p.old().isEmpty())));
        }
        Set<Write> takenOver = conditional(List.copyOf(confirms.values()));
        fenceCreated(written);
        UniqueConstraintException lost = null;
        List<Write> deletes = new ArrayList<>();
        for (Planned p : written) {
            try {
                for (Claim c : p.claims()) {
                    if (takenOver.contains(confirms.get(c))
                            && !writes.lostClaim(c.ix(), c.put().item(), c.value(), p.stored(), p.old())) {
                        break;
                    }
                }
                deletes.addAll(p.leftBehind());
            } catch (UniqueConstraintException e) {
                lost = lost == null ? e : lost;
            } catch (ConditionFailedException released) {
                again.add(p);
            }
        }
        // (4) The entries of the old values, each only if no later put rewrote it.
        conditional(deletes);
        again.forEach(this::putAlone);
        if (lost != null) {
            throw lost;
        }
    }

    /** The non-unique entries of the created items fenced, as the one-item put does (see {@code IndexWrites}). */
    private void fenceCreated(List<Planned> written) {
        Map<Write, Runnable> again = new IdentityHashMap<>();
        for (Planned p : written) {
            if (p.old().isPresent()) {
                continue;
            }
            for (Write.Put entry : p.entries()) {
                IndexTable ix = writes.members().stream().filter(m -> m.indexTable.equals(entry.table())).findFirst()
                        .orElseThrow();
                again.put(writes.fence(ix, entry.item()), () -> writes.fenceAgain(ix, entry.item(), p.stored()));
            }
        }
        conditional(List.copyOf(again.keySet())).forEach(w -> again.get(w).run());
    }

    /** One item the window could not write, written on its own as the one-item put would write it. */
    private void putAlone(Planned p) {
        if (versions == Versions.EXPECTED) {
            deferred.add(p.original().key()); // the caller makes it again from what it reads now
            return;
        }
        writes.put(p.original().key(), old -> p.original(), false, versions == Versions.KEPT);
    }

    /**
     * Sends conditional puts and deletes: in atomic writes where the store has them (the writes of a refused one
     * sent again on their own), else in one {@link Store#writeEach}. Returns the writes refused by their condition;
     * every other write was applied. Fails with the first other failure once every call has ended.
     */
    private Set<Write> conditional(List<Write> all) {
        return ConditionalWrites.send(all, store.has(Capability.ATOMIC_WRITES) ? store.limits() : null,
                store::writeAtomically, store::writeEach);
    }
}
