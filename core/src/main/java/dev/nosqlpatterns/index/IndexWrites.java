package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The write protocols of an {@link IndexTable}.
 *
 * <p>Repairable order for a put: (1) write the entry for the new value, (2) write the item with a
 * compare-and-set on its version, (3) delete the entry for the old value. A crash after (1) or (2) leaves
 * a stale entry, never a missing one; reads check every entry against its item. A delete removes the
 * item first and its entry second, for the same reason. Atomic mode sends the same writes as one
 * atomic write. Both retry lost compare-and-set races, up to the configured attempts.
 */
final class IndexWrites {
    private final IndexTable ix;
    private final OptimisticRetry retry;

    IndexWrites(IndexTable ix) {
        this.ix = ix;
        this.retry = new OptimisticRetry(ix.maxAttempts, java.time.Duration.ofMillis(100),
                "Index table '" + ix.indexTable + "': retry later.");
    }

    Item put(Item item) {
        Key key = item.key();
        for (int attempt = 1; ; attempt++) {
            Optional<Item> old = ix.store.get(ix.baseTable, key);
            Item stored = item.toBuilder().put(ix.versionAttribute, nextVersion(old)).build();
            Optional<String> oldValue = old.flatMap(ix.valueOf);
            Optional<String> newValue = ix.valueOf.apply(item);
            try {
                if (ix.consistency == IndexConsistency.ATOMIC) {
                    putAtomically(stored, old, oldValue, newValue);
                } else {
                    putInOrder(stored, old, oldValue, newValue);
                }
                return stored;
            } catch (ConditionFailedException raced) {
                giveUpAfter(attempt, key, raced);
            }
        }
    }

    /**
     * The version the next write of an item gets: one more than its current one, or, for an item that does
     * not exist, a number made of the time and random bits. An item deleted and created again must not
     * start at a version it had before, or a writer that read the first life would win its compare-and-set
     * against the second.
     */
    private long nextVersion(Optional<Item> old) {
        return old.flatMap(i -> i.getLong(ix.versionAttribute)).map(v -> v + 1)
                .orElseGet(() -> dev.nosqlpatterns.internal.OptimisticRetry.firstVersion(ix.clock.millis()));
    }

    void delete(Key key) {
        for (int attempt = 1; ; attempt++) {
            Optional<Item> old = ix.store.get(ix.baseTable, key);
            if (old.isEmpty()) {
                return;
            }
            Optional<String> oldValue = old.flatMap(ix.valueOf);
            Optional<Item> oldEntry = oldValue.flatMap(v -> ownEntry(v, key));
            try {
                Write.Delete base = new Write.Delete(ix.baseTable, key, versionCondition(old));
                if (ix.consistency == IndexConsistency.ATOMIC) {
                    List<Write> writes = new ArrayList<>(List.of(base));
                    oldEntry.ifPresent(e -> writes.add(new Write.Delete(ix.indexTable, e.key(), Entries.sameWrite(e))));
                    ix.store.writeAtomically(writes);
                } else {
                    ix.store.delete(base);
                    oldEntry.ifPresent(this::deleteQuietly);
                }
                return;
            } catch (ConditionFailedException raced) {
                giveUpAfter(attempt, key, raced);
            }
        }
    }

    private void putInOrder(Item stored, Optional<Item> old, Optional<String> oldValue, Optional<String> newValue) {
        Key key = stored.key();
        // Read before the item is written: once it is, another writer may rewrite this entry for itself.
        Optional<Item> oldEntry = oldValue.filter(v -> !oldValue.equals(newValue)).flatMap(v -> ownEntry(v, key));
        long claimedAt = ix.clock.millis();
        Optional<Item> claim = Optional.empty();
        if (newValue.isPresent()) {
            Optional<Write> entry = entryWrite(newValue.get(), key, claimedAt);
            entry.ifPresent(w -> ix.store.put((Write.Put) w));
            claim = entry.map(w -> ((Write.Put) w).item());
        }
        if (newValue.isPresent() && ix.unique && !ix.claimLease.isZero()
                && ix.clock.millis() - claimedAt > ix.claimLease.toMillis() / 2) {
            // The claim took so long that its lease may lapse before the item is written: claim again.
            throw new ConditionFailedException(ix.indexTable, key, Condition.none());
        }
        ix.store.put(new Write.Put(ix.baseTable, stored, versionCondition(old)));
        if (ix.unique && claim.isPresent()) {
            confirmClaim(claim.get(), newValue.get(), stored, old, oldEntry);
        }
        oldEntry.ifPresent(this::deleteQuietly);
    }

    /**
     * Makes sure a unique claim survived until the item holding the value was written, by rewriting the
     * entry (a new generation, the same token) on the condition that it is unchanged. If a writer took it
     * over meanwhile (our pause outlived the lease), our item is put back as it was and the put fails as a
     * lost claim, so the value stays with one item. Once confirmed, a takeover decided on an earlier read
     * of the entry can no longer land.
     */
    private void confirmClaim(Item claim, String value, Item stored, Optional<Item> old, Optional<Item> oldEntry) {
        try {
            ix.store.put(Write.put(ix.indexTable, Entries.confirmed(claim, ix.clock.millis())).when(Entries.unchanged(claim)));
            return;
        } catch (ConditionFailedException takenOver) {
            if (!undo(stored, old)) {
                // A later write has replaced ours already: ours took effect and is superseded, so its old
                // value's entry goes, and the value now belongs to whoever holds it after that write.
                oldEntry.ifPresent(this::deleteQuietly);
                return;
            }
        }
        Optional<Key> holder = ix.store.get(ix.indexTable, claim.key()).map(Entries::baseOf);
        if (holder.isEmpty()) {
            // The taker has let the value go again: try the claim anew.
            throw new ConditionFailedException(ix.indexTable, claim.key(), Entries.unchanged(claim));
        }
        throw new UniqueConstraintException(ix.indexTable, value, stored.key(), holder.get());
    }

    /** Puts the item back as it was before {@code stored}; false when another write replaced it first. */
    private boolean undo(Item stored, Optional<Item> old) {
        long version = stored.getLong(ix.versionAttribute).orElseThrow();
        Condition ours = Condition.attributeEquals(ix.versionAttribute, Value.of(version));
        try {
            if (old.isPresent()) {
                Item restored = old.get().toBuilder().put(ix.versionAttribute, version + 1).build();
                ix.store.put(new Write.Put(ix.baseTable, restored, ours));
            } else {
                ix.store.delete(new Write.Delete(ix.baseTable, stored.key(), ours));
            }
            return true;
        } catch (ConditionFailedException changedSince) {
            return false;
        }
    }

    private void putAtomically(Item stored, Optional<Item> old, Optional<String> oldValue, Optional<String> newValue) {
        Key key = stored.key();
        List<Write> writes = new ArrayList<>();
        writes.add(new Write.Put(ix.baseTable, stored, versionCondition(old)));
        newValue.flatMap(v -> entryWrite(v, key, ix.clock.millis())).ifPresent(writes::add);
        if (oldValue.isPresent() && !oldValue.equals(newValue)) {
            ownEntry(oldValue.get(), key).ifPresent(e -> writes.add(new Write.Delete(ix.indexTable, e.key(), Entries.sameWrite(e))));
        }
        ix.store.writeAtomically(writes);
    }

    /**
     * The write that points the entry for {@code value} at {@code key}: a plain put for a non-unique
     * index; for a unique one a put if absent, a compare-and-set over a stale entry or over our own (to
     * refresh its time), and {@link UniqueConstraintException} when another item holds the value.
     */
    private Optional<Write> entryWrite(String value, Key key, long now) {
        Item entry = ix.entries.entry(value, key, now);
        if (!ix.unique) {
            return Optional.of(Write.put(ix.indexTable, entry));
        }
        Optional<Item> current = ix.store.get(ix.indexTable, entry.key());
        if (current.isEmpty()) {
            return Optional.of(Write.put(ix.indexTable, entry).when(Condition.ifAbsent()));
        }
        Key holder = Entries.baseOf(current.get());
        if (holder.equals(key)) {
            // Ours already (an earlier attempt): refresh its time so the lease covers this attempt.
            return Optional.of(Write.put(ix.indexTable, entry).when(sameEntry(current.get())));
        }
        if (!isStale(current.get(), value, now)) {
            throw new UniqueConstraintException(ix.indexTable, value, key, holder);
        }
        return Optional.of(Write.put(ix.indexTable, entry).when(sameEntry(current.get())));
    }

    /** True when the entry's item no longer holds {@code value} and the entry is older than the lease. */
    boolean isStale(Item entry, String value, long now) {
        if (now - Entries.writtenAt(entry) < ix.claimLease.toMillis()) {
            return false;
        }
        Optional<Item> holder = ix.store.get(ix.baseTable, Entries.baseOf(entry));
        return holder.flatMap(ix.valueOf).map(v -> !v.equals(value)).orElse(true);
    }

    private Optional<Item> ownEntry(String value, Key key) {
        return ix.store.get(ix.indexTable, ix.entries.entryKey(value, key))
                .filter(e -> Entries.baseOf(e).equals(key));
    }

    private void deleteQuietly(Item entry) {
        try {
            ix.store.delete(new Write.Delete(ix.indexTable, entry.key(), Entries.sameWrite(entry)));
        } catch (ConditionFailedException changed) {
            // Rewritten meanwhile by another writer, which now owns it.
        }
    }

    static Condition sameEntry(Item entry) {
        return Entries.unchanged(entry);
    }

    private Condition versionCondition(Optional<Item> old) {
        return Condition.unchangedSince(old, ix.versionAttribute);
    }

    private void giveUpAfter(int attempt, Key key, ConditionFailedException raced) {
        retry.after(attempt, ix.baseTable, key, raced);
    }
}
