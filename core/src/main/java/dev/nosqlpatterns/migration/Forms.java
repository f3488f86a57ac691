package dev.nosqlpatterns.migration;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.Following;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ItemRef;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The two forms of one migration's items and the one step that keeps them in step: {@link #follow}, used alike
 * by dual writes, the backfill and the verification's repairs.
 *
 * <p>The old form is the source of truth until the clean-up. The new form of the item at old key {@code k} is a
 * function of the old item alone ({@code transform}, at a key derived from {@code k}), so any writer may
 * (re)write it from what it read of the old item, as long as it reads the old item again afterwards and writes
 * again while it finds it changed: the writer of the last new form has then seen the old item as it stays.
 */
final class Forms<O extends Record, N extends Record> {
    private static final int ATTEMPTS = 20;
    private final Migration<O, N> migration;
    private final EntityRepository repo;
    /** The job's registration, through which its own writes go untold to followers. */
    private final java.util.function.Supplier<Following> following;
    private final Store store;
    private final AtomicLong writes;
    private final java.util.function.BooleanSupplier cleaningUp;

    /**
     * The forms of {@code migration}'s items; {@code cleaningUp} says whether the clean-up has begun, when the old
     * form is no longer the truth about which items exist.
     */
    Forms(Migration<O, N> migration, EntityRepository repo, java.util.function.Supplier<Following> following,
          AtomicLong writes, java.util.function.BooleanSupplier cleaningUp) {
        this.migration = migration;
        this.repo = repo;
        this.following = following;
        this.store = repo.store();
        this.writes = writes;
        this.cleaningUp = cleaningUp;
    }

    /** The old item at {@code oldKey}, when it is one of the old type's. */
    Optional<Item> readOld(Key oldKey) {
        return store.get(migration.from().table(), oldKey).filter(migration.from()::isTypeOf);
    }

    /** The key of the new form of the item at {@code oldKey}. */
    Key newKey(Key oldKey) {
        return migration.rekeys() ? migration.to().key(migration.from().keyValues(oldKey)) : oldKey;
    }

    /** The old key whose new form is at {@code newKey}. */
    Key oldKey(Key newKey) {
        return migration.rekeys() ? migration.from().key(migration.to().keyValues(newKey)) : newKey;
    }

    /** The new form of an old item, as the new type writes it, keeping the old item's {@code _version}. */
    Item newItem(Item old) {
        N entity = migration.transform(migration.from().fromItem(old));
        Item made = repo.itemOf(migration.to(), entity);
        Key expected = newKey(old.key());
        if (!made.key().equals(expected)) {
            throw new IllegalStateException("migration '" + migration.name() + "' transformed " + old.key()
                    + " into an entity at " + made.key() + ", not at " + expected
                    + "; a transform keeps the key components' values");
        }
        Item.Builder b = (Expiry.of(old).isPresent() ? Expiry.copy(old, made) : made).toBuilder();
        old.get(EntityType.VERSION_ATTRIBUTE).ifPresent(v -> b.put(EntityType.VERSION_ATTRIBUTE, v));
        return b.build();
    }

    /** True when {@code actual} (the item at the new key, if any) is the new form {@code old} asks for. */
    boolean inStep(Optional<Item> old, Optional<Item> actual) {
        Optional<Item> expected = old.map(this::newItem).map(Forms::comparable);
        return expected.equals(actual.filter(migration.to()::isTypeOf).map(Forms::comparable));
    }

    /** An item without the attributes every write renews (its version). */
    private static Item comparable(Item item) {
        return item.toBuilder().remove(EntityType.VERSION_ATTRIBUTE).build();
    }

    /**
     * Brings the new form of the item at {@code oldKey} in step with the old item, starting from {@code seen},
     * what the caller last read (or wrote) of it: writes the new form made from it (deletes it when there is no
     * old item), reads the old item again, and repeats while that differs. In place, a compare-and-set rewrite.
     *
     * @throws ConcurrentUpdateException when the old item changed under each of {@value #ATTEMPTS} attempts; the
     *                                   new form may then be stale until the next write of the item or a verify
     */
    void follow(Key oldKey, Optional<Item> seen) {
        if (!migration.rekeys()) {
            rewriteInPlace(oldKey, seen);
            return;
        }
        Optional<Item> madeFrom = seen;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (madeFrom.isPresent()) {
                following.get().putItem(migration.to(), newItem(madeFrom.get()));
            } else {
                following.get().deleteItem(migration.to(), newKey(oldKey));
            }
            writes.incrementAndGet();
            Optional<Item> now = readOld(oldKey);
            if (now.equals(madeFrom)) {
                return;
            }
            if (now.isEmpty() && cleaningUp.getAsBoolean()) {
                // The clean-up removes old items once their new forms are the truth: this one was written.
                return;
            }
            madeFrom = now;
        }
        throw new ConcurrentUpdateException(migration.from().table(), oldKey, ATTEMPTS, "Its new form in '"
                + migration.to().table() + "' may be stale until its next write or the migration's verify.", null);
    }

    /**
     * {@link #follow} for the old items of one scan page. Re-keyed: their new forms written (in one batch when the
     * new type keeps no index tables, else in windows), then the old items read again in one batch, and each that
     * changed followed on its own. In place: the items not in step rewritten in windows, each only while it is
     * still as read; those that changed meanwhile (or of a type without index tables) followed on their own.
     */
    void followAll(List<Item> seen) {
        if (!migration.rekeys()) {
            List<Item> behind = seen.stream().filter(item -> !inStep(Optional.of(item), Optional.of(item))).toList();
            if (behind.isEmpty()) {
                return;
            }
            Set<Key> left = new HashSet<>(following.get().updateItems(migration.to(),
                    behind.stream().map(this::newItem).toList()));
            writes.addAndGet(behind.size() - left.size());
            for (Item item : behind) {
                if (left.contains(item.key())) {
                    rewriteInPlace(item.key(), readOld(item.key()));
                }
            }
            return;
        }
        following.get().putItems(migration.to(), seen.stream().map(this::newItem).toList());
        writes.addAndGet(seen.size());
        Map<Key, Optional<Item>> now = readOld(seen.stream().map(Item::key).toList());
        for (Item item : seen) {
            Optional<Item> current = now.get(item.key());
            if (!current.equals(Optional.of(item))) {
                follow(item.key(), current);
            }
        }
    }

    /** The old items at {@code oldKeys}, read in one batch (empty where there is none of the old type). */
    Map<Key, Optional<Item>> readOld(List<Key> oldKeys) {
        return read(migration.from(), oldKeys);
    }

    /** The items of {@code type} at {@code keys}, read in one batch (empty where there is none of the type). */
    Map<Key, Optional<Item>> read(EntityType<?> type, List<Key> keys) {
        Map<Key, Optional<Item>> out = new HashMap<>();
        if (keys.isEmpty()) {
            return out;
        }
        BatchGetResult found = store.getAll(type.table(), keys);
        for (Key k : keys) {
            out.put(k, found.get(new ItemRef(type.table(), k)).filter(type::isTypeOf));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private void rewriteInPlace(Key key, Optional<Item> seen) {
        if (seen.isEmpty() || inStep(seen, seen)) {
            return;
        }
        EntityType<N> to = migration.to();
        repo.update(to, to.keyValues(key), entity -> migration.transform((O) entity));
        writes.incrementAndGet();
    }
}
