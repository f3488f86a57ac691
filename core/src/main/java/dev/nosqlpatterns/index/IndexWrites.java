package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Condition;
import dev.nosqlpatterns.store.ConditionFailedException;
import dev.nosqlpatterns.store.OptimisticRetry;
import dev.nosqlpatterns.store.Write;
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
            long version = old.flatMap(i -> i.getLong(ix.versionAttribute)).orElse(0L);
            Item stored = item.toBuilder().put(ix.versionAttribute, version + 1).build();
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
                    oldEntry.ifPresent(e -> writes.add(new Write.Delete(ix.indexTable, e.key(), sameEntry(e))));
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
        long claimedAt = ix.clock.millis();
        if (newValue.isPresent()) {
            entryWrite(newValue.get(), key, claimedAt).ifPresent(w -> ix.store.put((Write.Put) w));
        }
        if (newValue.isPresent() && ix.unique && !ix.claimLease.isZero()
                && ix.clock.millis() - claimedAt > ix.claimLease.toMillis() / 2) {
            // The claim took so long that its lease may lapse before the item is written: claim again.
            throw new ConditionFailedException(ix.indexTable, key, Condition.none());
        }
        ix.store.put(new Write.Put(ix.baseTable, stored, versionCondition(old)));
        if (oldValue.isPresent() && !oldValue.equals(newValue)) {
            ownEntry(oldValue.get(), key).ifPresent(this::deleteQuietly);
        }
    }

    private void putAtomically(Item stored, Optional<Item> old, Optional<String> oldValue, Optional<String> newValue) {
        Key key = stored.key();
        List<Write> writes = new ArrayList<>();
        writes.add(new Write.Put(ix.baseTable, stored, versionCondition(old)));
        newValue.flatMap(v -> entryWrite(v, key, ix.clock.millis())).ifPresent(writes::add);
        if (oldValue.isPresent() && !oldValue.equals(newValue)) {
            ownEntry(oldValue.get(), key).ifPresent(e -> writes.add(new Write.Delete(ix.indexTable, e.key(), sameEntry(e))));
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
            ix.store.delete(new Write.Delete(ix.indexTable, entry.key(), sameEntry(entry)));
        } catch (ConditionFailedException changed) {
            // Rewritten meanwhile by another writer, which now owns it.
        }
    }

    static Condition sameEntry(Item entry) {
        return Condition.attributeEquals(Entries.AT, Value.of(Entries.writtenAt(entry)));
    }

    private Condition versionCondition(Optional<Item> old) {
        return Condition.unchangedSince(old, ix.versionAttribute);
    }

    private void giveUpAfter(int attempt, Key key, ConditionFailedException raced) {
        retry.after(attempt, ix.baseTable, key, raced);
    }
}
