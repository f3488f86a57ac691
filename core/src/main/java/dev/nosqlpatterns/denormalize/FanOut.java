package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The write protocols of a {@link Denormalizer}, built on one rule: whoever writes last checks.
 *
 * <p>A source write is followed by a lookup of its targets through the reverse index, so a target added
 * or re-pointed before the source write is seen. Every write of a copy (by a source write, by
 * {@link Denormalizer#putTarget} or by a repair) is followed by a read of its source: while the source
 * holds something other than what was copied, the copy is written again, on the condition that the
 * target is unchanged since it was written. So the last write of a source or of one of its targets is
 * always followed by a comparison of the two as they finally are, and the copies end equal to their
 * sources. A copy write that finds its target changed gives up: whoever changed it checks it.
 */
final class FanOut {
    static final String VERSION = "_version";
    private static final int MAX_ROUNDS = 20;
    private final Store store;
    private final Map<String, IndexTable> reverse;

    FanOut(Store store, Map<String, IndexTable> reverse) {
        this.store = store;
        this.reverse = reverse;
    }

    /**
     * What a copy holds, or should hold: the copied value and the expiry of the source it came from (both
     * empty when the source or its attribute is absent).
     */
    record Held(Optional<Value> value, Optional<Value> expiry) {
        static final Held NOTHING = new Held(Optional.empty(), Optional.empty());

        /** What the copy of {@code source} by {@code rule} holds. */
        static Held from(CopyRule rule, Optional<Item> source) {
            Optional<Value> value = source.flatMap(s -> s.get(rule.sourceAttribute()));
            return value.isEmpty() ? NOTHING : new Held(value, source.flatMap(s -> s.get(Expiry.ATTRIBUTE)));
        }

        /** What {@code target} holds for {@code rule}. */
        static Held in(CopyRule rule, Item target) {
            return new Held(target.get(rule.targetAttribute()), target.get(rule.expiryAttribute()));
        }
    }

    /**
     * One copy to write: {@code held} (removed when empty) into {@code target}, if it is still as read.
     *
     * @param source the source's key in {@code rule}'s source table
     */
    record Copy(CopyRule rule, Key source, Key target, Condition unchanged, Held held) {
        static Copy of(CopyRule rule, Key source, Item target, Held held) {
            return new Copy(rule, source, target.key(), Condition.unchangedSince(Optional.of(target), VERSION), held);
        }

        Write.Update write() {
            UpdateAction change = held.value().map(v -> UpdateAction.set(rule.targetAttribute(), v))
                    .orElse(UpdateAction.remove(rule.targetAttribute()));
            UpdateAction expiry = held.expiry().map(v -> UpdateAction.set(rule.expiryAttribute(), v))
                    .orElse(UpdateAction.remove(rule.expiryAttribute()));
            return Write.update(rule.targetTable(), target, change, expiry, UpdateAction.add(VERSION, 1))
                    .when(unchanged);
        }

        ItemRef sourceRef() {
            return new ItemRef(rule.sourceTable(), source);
        }
    }

    /**
     * Writes (or, with {@code source} empty, deletes) a source and brings its copies in line; returns how
     * many copy writes landed. With atomic writes, the source and the copies found before go in one write.
     */
    int writeSource(String table, Key key, Optional<Item> source, List<CopyRule> rules) {
        Write write = source.<Write>map(s -> Write.put(table, s)).orElseGet(() -> Write.delete(table, key));
        int changed = 0;
        boolean written = false;
        if (store.has(Capability.ATOMIC_WRITES) && !rules.isEmpty()) {
            List<Copy> copies = staleCopies(rules, key, source);
            if (!copies.isEmpty() && fitsOneAtomicWrite(copies)) {
                List<Write> all = new ArrayList<>(List.of(write));
                copies.forEach(c -> all.add(c.write()));
                try {
                    store.writeAtomically(all);
                    written = true;
                    changed = copies.size();
                } catch (ConditionFailedException raced) {
                    // A target changed meanwhile: write the source alone; its targets are read again below.
                }
            }
        }
        if (!written) {
            if (write instanceof Write.Put put) {
                store.put(put);
            } else {
                store.delete((Write.Delete) write);
            }
        }
        // Read after the source write: a target written before it is seen here with its final reference.
        return rules.isEmpty() ? changed : changed + settle(staleCopies(rules, key, source));
    }

    /** The targets of the source {@code key} whose copy differs from what {@code source} holds now. */
    List<Copy> staleCopies(List<CopyRule> rules, Key key, Optional<Item> source) {
        List<Copy> out = new ArrayList<>();
        for (CopyRule r : rules) {
            Held value = Held.from(r, source);
            for (Item target : reverse.get(r.targetTable()).find(key.partition())) {
                if (!Held.in(r, target).equals(value)) {
                    out.add(Copy.of(r, key, target, value));
                }
            }
        }
        return out;
    }

    private boolean fitsOneAtomicWrite(List<Copy> copies) {
        return copies.size() + 1 <= store.limits().maxAtomicWriteItems()
                && copies.stream().map(c -> new ItemRef(c.rule().targetTable(), c.target())).distinct().count() == copies.size();
    }

    /**
     * Writes the copies, then reads their sources and writes again those whose source has changed since,
     * until the sources hold what was copied; returns how many copy writes landed. A copy whose target
     * changed since it was read is dropped: the writer that changed it checks it against its source.
     */
    int settle(List<Copy> copies) {
        int changed = 0;
        for (int round = 1; !copies.isEmpty(); round++) {
            List<Copy> written = new ArrayList<>();
            for (Copy c : copies) {
                try {
                    Item after = store.update(c.write());
                    written.add(new Copy(c.rule(), c.source(), c.target(),
                            Condition.unchangedSince(Optional.of(after), VERSION), c.held()));
                    changed++;
                } catch (ConditionFailedException changedSince) {
                    // Written by another writer since it was read; that writer checks it.
                }
            }
            Map<ItemRef, Optional<Item>> sources = read(written);
            List<Copy> next = new ArrayList<>();
            for (Copy c : written) {
                Held now = Held.from(c.rule(), sources.get(c.sourceRef()));
                if (!now.equals(c.held())) {
                    next.add(new Copy(c.rule(), c.source(), c.target(), c.unchanged(), now));
                }
            }
            if (!next.isEmpty() && round >= MAX_ROUNDS) {
                Copy c = next.get(0);
                throw new ConcurrentUpdateException(c.rule().targetTable(), c.target(), round, "Its source "
                        + c.source() + " kept changing while the copy was written; repair the rule once writers stop.", null);
            }
            copies = next;
        }
        return changed;
    }

    /** The current state of the sources of {@code copies}: one get, or one batch get for several. */
    Map<ItemRef, Optional<Item>> read(List<Copy> copies) {
        Set<ItemRef> refs = new LinkedHashSet<>();
        copies.forEach(c -> refs.add(c.sourceRef()));
        Map<ItemRef, Optional<Item>> out = new HashMap<>();
        if (refs.size() == 1) {
            ItemRef ref = refs.iterator().next();
            out.put(ref, store.get(ref.table(), ref.key()));
        } else if (!refs.isEmpty()) {
            var found = store.getAll(refs);
            refs.forEach(ref -> out.put(ref, found.get(ref)));
        }
        return out;
    }
}
