package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.TechniqueCalls;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The write protocols of one or more {@link IndexTable}s over one base table, kept in step by each write.
 *
 * <p>Repairable order for a put: (1) write the entries for the new values (every uniqueness check is read
 * before any entry is written), (2) write the item with a compare-and-set on its version, (3) confirm the
 * unique claims, (4) delete the entries of the old values. A crash after (1) or (2) leaves stale entries,
 * never a missing one; reads check every entry against its item. A delete removes the item first and its
 * entries second, for the same reason. Atomic mode sends the same writes as one atomic write. Both retry
 * lost compare-and-set races, up to the configured attempts.
 */
final class IndexWrites {
    private final List<IndexTable> members;
    private final Store store;
    private final String baseTable;
    private final String versionAttribute;
    private final IndexConsistency consistency;
    private final java.time.Clock clock;
    private final java.time.Duration claimLease;
    private final OptimisticRetry retry;

    /** The writes of one index. */
    IndexWrites(IndexTable ix) {
        this(List.of(ix), ix.store, ix.baseTable, ix.versionAttribute, ix.consistency, ix.clock, ix.claimLease,
                ix.maxAttempts);
    }

    /** The writes of every index of a group (none: versioned writes of the items alone). */
    IndexWrites(List<IndexTable> members, Store store, String baseTable, String versionAttribute,
                IndexConsistency consistency, java.time.Clock clock, java.time.Duration claimLease, int maxAttempts) {
        this.members = List.copyOf(members);
        this.store = store;
        this.baseTable = baseTable;
        this.versionAttribute = versionAttribute;
        this.consistency = consistency;
        this.clock = clock;
        this.claimLease = claimLease;
        this.retry = new OptimisticRetry(maxAttempts, java.time.Duration.ofMillis(100),
                "Table '" + baseTable + "' and its indexes: retry later.");
    }

    /** The store the items and entries are written to. */
    Store store() {
        return store;
    }

    /** What one index changes in a put: the entry to remove (read before the item is written) and the new value. */
    private record Change(IndexTable ix, Optional<String> oldValue, Optional<Key> oldKey, Optional<String> newValue,
                          Optional<Key> newKey) {
        boolean moves() {
            return oldKey.isPresent() && !oldKey.equals(newKey);
        }
    }

    String versionAttribute() {
        return versionAttribute;
    }

    /** The index tables written with each item. */
    List<IndexTable> members() {
        return members;
    }

    /** The table holding the items. */
    String baseTable() {
        return baseTable;
    }

    /** True when an item and its entries are written in one atomic write. */
    boolean atomic() {
        return consistency == IndexConsistency.ATOMIC;
    }

    java.time.Clock clock() {
        return clock;
    }

    java.time.Duration claimLease() {
        return claimLease;
    }

    /** An entry as read, with the index it belongs to. */
    private record Held(IndexTable ix, Item entry) {
    }

    Item put(Item item) {
        return put(item.key(), old -> item, false, false);
    }

    /**
     * Writes the item {@code next} makes of the current one (read afresh on every attempt) and moves every
     * member's entries; with {@code mustBeAbsent}, fails when an item exists at the key. With
     * {@code versionGiven}, the item keeps the version {@code next} gave it; else it gets the current one plus one.
     */
    Item put(Key key, Function<Optional<Item>, Item> next, boolean mustBeAbsent, boolean versionGiven) {
        for (int attempt = 1; ; attempt++) {
            Optional<Item> old = store.get(baseTable, key);
            if (mustBeAbsent && old.isPresent()) {
                throw new ConditionFailedException(baseTable, key, Condition.ifAbsent());
            }
            Item item = next.apply(old);
            if (!item.key().equals(key)) {
                throw new IllegalArgumentException("an update of " + key + " must keep its key, not make it " + item.key());
            }
            Item stored = versionGiven && item.get(versionAttribute).isPresent() ? item
                    : item.toBuilder().put(versionAttribute, nextVersion(old)).build();
            check(stored);
            List<Change> changes = new ArrayList<>();
            for (IndexTable ix : members) {
                Optional<String> oldValue = old.flatMap(ix.valueOf);
                Optional<String> newValue = ix.valueOf.apply(stored);
                changes.add(new Change(ix, oldValue, oldValue.map(v -> ix.entries.entryKey(v, old.get())),
                        newValue, newValue.map(v -> ix.entries.entryKey(v, stored))));
            }
            try {
                if (consistency == IndexConsistency.ATOMIC) {
                    putAtomically(stored, old, changes);
                } else {
                    putInOrder(stored, old, changes);
                }
                return stored;
            } catch (ConditionFailedException raced) {
                giveUpAfter(attempt, key, raced);
            }
        }
    }

    /**
     * Checks {@code item} and the entry each member would hold for it as the store checks writes (keys, names,
     * values, sizes), writing nothing: a put refused for its input writes no entry either.
     */
    void check(Item item) {
        long now = clock.millis();
        List<Write> all = new ArrayList<>();
        all.add(Write.put(baseTable, item));
        for (IndexTable ix : members) {
            ix.valueOf.apply(item).ifPresent(v -> all.add(Write.put(ix.indexTable, ix.entries.entry(v, item, now))));
        }
        store.validate(all);
    }

    /**
     * The version the next write of an item gets: one more than its current one, or, for an item that does
     * not exist, a number made of the time and random bits. An item deleted and created again must not
     * start at a version it had before, or a writer that read the first life would win its compare-and-set
     * against the second.
     */
    long nextVersion(Optional<Item> old) {
        return old.flatMap(i -> i.getLong(versionAttribute)).map(v -> v + 1)
                .orElseGet(() -> OptimisticRetry.firstVersion(clock.millis()));
    }

    void delete(Key key) {
        delete(key, item -> true);
    }

    /** Deletes the item and its entries when {@code only} accepts it; false when there was none or it was refused. */
    boolean delete(Key key, Predicate<Item> only) {
        for (int attempt = 1; ; attempt++) {
            Optional<Item> old = store.get(baseTable, key);
            if (old.isEmpty() || !only.test(old.get())) {
                return false;
            }
            List<Held> oldEntries = new ArrayList<>();
            for (IndexTable ix : members) {
                old.flatMap(ix.valueOf).flatMap(v -> ownEntry(ix, ix.entries.entryKey(v, old.get()), key))
                        .ifPresent(e -> oldEntries.add(new Held(ix, e)));
            }
            try {
                Write.Delete base = new Write.Delete(baseTable, key, versionCondition(old));
                if (consistency == IndexConsistency.ATOMIC) {
                    List<Write> writes = new ArrayList<>(List.of(base));
                    oldEntries.forEach(h -> writes.add(entryDelete(h)));
                    store.writeAtomically(writes);
                } else {
                    store.delete(base);
                    oldEntries.forEach(this::deleteQuietly);
                }
                return true;
            } catch (ConditionFailedException raced) {
                giveUpAfter(attempt, key, raced);
            }
        }
    }

    private void putInOrder(Item stored, Optional<Item> old, List<Change> changes) {
        Key key = stored.key();
        // Read before the item is written: once it is, another writer may rewrite these entries for itself.
        List<Held> oldEntries = new ArrayList<>();
        for (Change c : changes) {
            if (c.moves()) {
                ownEntry(c.ix(), c.oldKey().get(), key).ifPresent(e -> oldEntries.add(new Held(c.ix(), e)));
            }
        }
        long claimedAt = clock.millis();
        // Every uniqueness check is read before any entry is written, so a refused value writes nothing.
        List<Write.Put> entries = new ArrayList<>();
        List<Change> claimed = new ArrayList<>();
        for (Change c : changes) {
            if (c.newValue().isPresent()) {
                entries.add(entryWrite(c.ix(), c.newValue().get(), stored, claimedAt));
                claimed.add(c);
            }
        }
        entries.forEach(store::put);
        boolean anyUnique = claimed.stream().anyMatch(c -> c.ix().unique);
        if (anyUnique && !claimLease.isZero()
                && clock.millis() - claimedAt > claimLease.toMillis() / 2) {
            // The claims took so long that a lease may lapse before the item is written: claim again.
            throw new ConditionFailedException(baseTable, key, Condition.none());
        }
        store.put(new Write.Put(baseTable, stored, versionCondition(old)));
        for (int i = 0; i < claimed.size(); i++) {
            Change c = claimed.get(i);
            if (c.ix().unique && !confirmClaim(c.ix(), entries.get(i).item(), c.newValue().get(), stored, old)) {
                break;
            }
        }
        if (old.isEmpty()) {
            for (int i = 0; i < claimed.size(); i++) {
                if (!claimed.get(i).ix().unique) {
                    confirmCreated(claimed.get(i).ix(), entries.get(i).item(), stored);
                }
            }
        }
        oldEntries.forEach(this::deleteQuietly);
    }

    /**
     * Fences the entry written before a created item once the item is written. An update needs no such step:
     * its compare-and-set on the version proves that no other write of the item came between its read and its
     * write, so every writer that could still remove the entry read the token this put replaced. A creation
     * cannot prove it: the item may have been created and deleted again meanwhile by writers that rewrote the
     * same entry and will remove it by the token they read. The entry gets a new token, which no such writer can
     * hold; if it is gone or carries another writer's token, it is written again while the item is still ours.
     * A writer that read the old token after our item was written then leaves a stale entry, which reads skip
     * and {@link IndexTable#repair()} removes; no entry is ever missing.
     */
    private void confirmCreated(IndexTable ix, Item entry, Item stored) {
        try {
            store.put(fence(ix, entry));
        } catch (ConditionFailedException replaced) {
            fenceAgain(ix, entry, stored);
        }
    }

    /** The write that fences an entry written before its item was created, if the entry is still that write. */
    Write.Put fence(IndexTable ix, Item entry) {
        return Write.put(ix.indexTable, Entries.fenced(entry, clock.millis())).when(Entries.sameWrite(entry));
    }

    /**
     * After a {@link #fence} found the entry rewritten or removed by someone else: writes it again with a new token
     * unless a later write of the item (which owns its entries from then on) replaced {@code stored}.
     */
    void fenceAgain(IndexTable ix, Item entry, Item stored) {
        long version = stored.getLong(versionAttribute).orElseThrow();
        boolean stillOurs = store.get(baseTable, stored.key())
                .flatMap(i -> i.getLong(versionAttribute)).filter(v -> v == version).isPresent();
        if (stillOurs) {
            store.put(Write.put(ix.indexTable, Entries.fenced(entry, clock.millis())));
        }
    }

    /** The write confirming a unique claim once its item is written; a created item's claim is also fenced. */
    static Write.Put confirmation(IndexTable ix, Item claim, boolean created) {
        long now = ix.clock.millis();
        Item confirmed = created ? Entries.fenced(claim, now) : Entries.confirmed(claim, now);
        return Write.put(ix.indexTable, confirmed).when(Entries.unchanged(claim));
    }

    /**
     * Makes sure a unique claim survived until the item holding the value was written, by rewriting the
     * entry (a new generation, the same token) on the condition that it is unchanged. If a writer took it
     * over meanwhile (our pause outlived the lease), our item is put back as it was and the put fails as a
     * lost claim, so the value stays with one item. Once confirmed, a takeover decided on an earlier read
     * of the entry can no longer land. False when a later write replaced ours before we could put it back:
     * ours took effect and is superseded, so the remaining claims need no confirming.
     */
    private boolean confirmClaim(IndexTable ix, Item claim, String value, Item stored, Optional<Item> old) {
        try {
            store.put(confirmation(ix, claim, old.isEmpty()));
            return true;
        } catch (ConditionFailedException takenOver) {
            return lostClaim(ix, claim, value, stored, old);
        }
    }

    /**
     * What follows a claim found taken over when it was to be confirmed: our item is put back as it was and the
     * put fails as a lost claim; false when a later write replaced ours first (nothing left to confirm).
     */
    boolean lostClaim(IndexTable ix, Item claim, String value, Item stored, Optional<Item> old) {
        Optional<Undone> undone = undo(stored, old);
        if (undone.isEmpty()) {
            return false;
        }
        if (undone.get().shared().isPresent()) {
            Shared s = undone.get().shared().get();
            throw UniqueConstraintException.leftShared(s.ix().indexTable, s.value(), stored.key(), s.holder(), value);
        }
        Optional<Key> holder = store.get(ix.indexTable, claim.key()).map(Entries::baseOf);
        if (holder.isEmpty()) {
            // The taker has let the value go again: try the claim anew.
            throw new ConditionFailedException(ix.indexTable, claim.key(), Entries.unchanged(claim));
        }
        throw new UniqueConstraintException(ix.indexTable, value, stored.key(), holder.get());
    }

    /** An old unique value another item took while ours held its new value, which both items now hold. */
    private record Shared(IndexTable ix, String value, Key holder) {
    }

    /** How an undo ended: the item is back as it was, holding every old value alone or sharing one. */
    private record Undone(Optional<Shared> shared) {
    }

    /**
     * Puts the item back as it was before {@code stored}; empty when another write replaced it first. Every value
     * the old item holds and {@code stored} does not is claimed again before the item goes back: a writer that
     * read {@code stored} may have judged the old entry free, and its takeover, decided on that read, must not
     * land once the item holds the value again. A value a live holder took meanwhile cannot be claimed back; the
     * item gets it all the same (its old state) and the value is reported as shared.
     */
    private Optional<Undone> undo(Item stored, Optional<Item> old) {
        long version = stored.getLong(versionAttribute).orElseThrow();
        Condition ours = Condition.attributeEquals(versionAttribute, Value.of(version));
        if (old.isEmpty()) {
            try {
                store.delete(new Write.Delete(baseTable, stored.key(), ours));
                return Optional.of(new Undone(Optional.empty()));
            } catch (ConditionFailedException changedSince) {
                return Optional.empty();
            }
        }
        Item restored = old.get().toBuilder().put(versionAttribute, version + 1).build();
        List<Held> reclaimed = new ArrayList<>();
        Optional<Shared> shared = Optional.empty();
        for (IndexTable ix : members) {
            Optional<String> value = ix.valueOf.apply(restored);
            if (value.isEmpty() || ix.valueOf.apply(stored).map(v -> ix.entries.entryKey(v, stored))
                    .equals(Optional.of(ix.entries.entryKey(value.get(), restored)))) {
                continue;
            }
            Optional<Item> entry = reclaim(ix, value.get(), restored);
            if (entry.isPresent()) {
                reclaimed.add(new Held(ix, entry.get()));
            } else if (shared.isEmpty()) {
                Key holder = store.get(ix.indexTable, ix.entries.entryKey(value.get(), restored))
                        .map(Entries::baseOf).orElse(restored.key());
                shared = Optional.of(new Shared(ix, value.get(), holder));
            }
        }
        try {
            store.put(new Write.Put(baseTable, restored, ours));
        } catch (ConditionFailedException changedSince) {
            return Optional.empty();
        }
        for (Held h : reclaimed) {
            if (h.ix().unique && shared.isEmpty() && !confirmed(h)) {
                Key holder = store.get(h.ix().indexTable, h.entry().key()).map(Entries::baseOf).orElse(restored.key());
                shared = Optional.of(new Shared(h.ix(), h.entry().key().partition(), holder));
            }
        }
        return Optional.of(new Undone(shared));
    }

    /**
     * Writes the entry of {@code value} for the item about to be put back: a non-unique entry anew, a unique one
     * as a claim (ours refreshed, a free or stale one taken). Empty when a live holder has the unique value.
     */
    private Optional<Item> reclaim(IndexTable ix, String value, Item restored) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                Write.Put claim = entryWrite(ix, value, restored, clock.millis());
                store.put(claim);
                return Optional.of(claim.item());
            } catch (UniqueConstraintException held) {
                return Optional.empty();
            } catch (ConditionFailedException raced) {
                // The entry changed between our read and our write: judge it again.
            }
        }
        return Optional.empty();
    }

    /** Confirms a unique claim made while putting an item back; false when it was taken over meanwhile. */
    private boolean confirmed(Held claim) {
        try {
            store.put(confirmation(claim.ix(), claim.entry(), false));
            return true;
        } catch (ConditionFailedException takenOver) {
            return false;
        }
    }

    private void putAtomically(Item stored, Optional<Item> old, List<Change> changes) {
        Key key = stored.key();
        List<Write> writes = new ArrayList<>();
        writes.add(new Write.Put(baseTable, stored, versionCondition(old)));
        long now = clock.millis();
        for (Change c : changes) {
            c.newValue().ifPresent(v -> writes.add(entryWrite(c.ix(), v, stored, now)));
        }
        for (Change c : changes) {
            if (c.moves()) {
                ownEntry(c.ix(), c.oldKey().get(), key).ifPresent(e -> writes.add(entryDelete(new Held(c.ix(), e))));
            }
        }
        store.writeAtomically(writes);
    }

    /**
     * The write that points the entry for {@code value} at {@code item}: a plain put for a non-unique
     * index; for a unique one a put if absent, a compare-and-set over a stale entry or over our own (to
     * refresh its time), and {@link UniqueConstraintException} when another item holds the value.
     */
    private Write.Put entryWrite(IndexTable ix, String value, Item item, long now) {
        Key key = item.key();
        Item entry = ix.entries.entry(value, item, now);
        if (!ix.unique) {
            return Write.put(ix.indexTable, entry);
        }
        Optional<Item> current = store.get(ix.indexTable, entry.key());
        if (current.isEmpty()) {
            return Write.put(ix.indexTable, entry).when(Condition.ifAbsent());
        }
        Key holder = Entries.baseOf(current.get());
        if (holder.equals(key)) {
            // Ours already (an earlier attempt): refresh its time so the lease covers this attempt.
            return Write.put(ix.indexTable, entry).when(sameEntry(current.get()));
        }
        if (!isStale(ix, current.get(), now)) {
            throw new UniqueConstraintException(ix.indexTable, value, key, holder);
        }
        return Write.put(ix.indexTable, entry).when(sameEntry(current.get()));
    }

    /** True when the entry's item no longer has this entry and the entry is older than the lease. */
    static boolean isStale(IndexTable ix, Item entry, long now) {
        if (now - Entries.writtenAt(entry) < ix.claimLease.toMillis()) {
            return false;
        }
        Optional<Item> holder = ix.store.get(ix.baseTable, Entries.baseOf(entry));
        return !holder.map(h -> ix.holds(h, entry.key())).orElse(false);
    }

    private Optional<Item> ownEntry(IndexTable ix, Key entryKey, Key key) {
        return store.get(ix.indexTable, entryKey).filter(e -> Entries.baseOf(e).equals(key));
    }

    private static Write.Delete entryDelete(Held held) {
        return new Write.Delete(held.ix().indexTable, held.entry().key(), Entries.sameWrite(held.entry()));
    }

    private void deleteQuietly(Held held) {
        try {
            store.delete(entryDelete(held));
        } catch (ConditionFailedException changed) {
            // Rewritten meanwhile by another writer, which now owns it.
        }
    }

    static Condition sameEntry(Item entry) {
        return Entries.unchanged(entry);
    }

    Condition versionCondition(Optional<Item> old) {
        return Condition.unchangedSince(old, versionAttribute);
    }

    private void giveUpAfter(int attempt, Key key, ConditionFailedException raced) {
        retry.after(attempt, baseTable, key, raced, TechniqueCalls::retried);
    }
}
