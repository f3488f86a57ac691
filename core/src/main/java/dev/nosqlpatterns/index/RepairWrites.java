package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fixes of one page of an index repair, sent in as few calls as the store allows while each keeps its
 * condition. A fix is a conditional write of an entry (put if absent, replace or remove only if unchanged
 * since read) and, for an added entry, a check that the base item it was decided on is still as read.
 *
 * <p>With {@link Capability#ATOMIC_WRITES} the fixes of a page (but the plain additions below) go in atomic groups
 * of up to the store's limit, each entry write with its base check, so an entry is never written for an item deleted since the
 * page was read, nor for a versioned item changed since. With {@link Capability#ATOMIC_WRITES_SINGLE_PARTITION} only, the entry writes
 * of one index value (one partition) go in atomic groups, without base checks (the base item is in another
 * table). A group whose conditions do not all hold (a writer changed one of its entries or items meanwhile)
 * is sent again one fix at a time, so that the others still land and a lost one is left to the writer that
 * won it; a fix sent alone loses only what a repair writing one conditional entry per call would lose.
 *
 * <p>The entries a page adds to a non-unique index for items without expiry, found absent in the page's batch
 * read, go in one plain batch ({@code Store.writeBatch}), on every store: a backfill then writes each entry once in
 * the store's bulk write, where a transaction would write it with a check of its item (on DynamoDB, twice the
 * capacity of both), and an atomic group per index value would wait for each value's group in turn (on
 * Cassandra, a lightweight transaction per value). Every entry added
 * without a check of its item's version is read back: see {@link #send}. A unique index never gets plain puts:
 * one could replace the claim of another item made since the page was read.
 */
final class RepairWrites {
    /** One conditional entry write and, optionally, the check of its base item to send with it. */
    record Fix(Write write, Optional<Write.Check> check) {
        int size() {
            return check.isPresent() ? 2 : 1;
        }

        /** True when the check holds only while the item keeps the version read, not merely while it exists. */
        boolean confirmsVersion() {
            return check.map(c -> c.condition() instanceof Condition.AttributeEquals).orElse(false);
        }

        long bytes() {
            return write instanceof Write.Put p ? p.item().sizeInBytes() : 0;
        }
    }

    private final IndexTable ix;
    private final Store store;

    RepairWrites(IndexTable ix) {
        this.ix = ix;
        this.store = ix.store;
    }

    /**
     * How to read the page of base items the fixes were decided on again: its item count and the scan that read
     * it. The items of added entries are then read back by that scan when they are a good part of the page (one
     * bulk read, where reading them by key costs a read per item on some stores), by key otherwise.
     */
    record Reread(int items, java.util.function.Supplier<dev.nosqlpatterns.store.model.Page> scan) {
    }

    /**
     * Sends the fixes; a fix whose condition fails is dropped (a writer changed its entry meanwhile). Entries
     * added without a check of their item's version (sent without a check, or for an item without a version,
     * whose check only asks that it exists) are checked again afterwards with one bulk read of their items (see
     * {@link Reread}): an entry whose item was deleted or moved to another value since the page was read is removed again, if
     * it is still the one this repair wrote.
     *
     * <p>Answers the entries added and confirmed: each written while its item held it (in an atomic write with
     * the check that the item kept the version read), or read back with its item holding it afterwards. A fix
     * refused by its condition, or undone by the read-back, is not among them.
     */
    List<Item> send(List<Fix> fixes, Reread reread) {
        if (fixes.isEmpty()) {
            return List.of();
        }
        List<Item> confirmed = new ArrayList<>();
        List<Fix> unchecked = new ArrayList<>();
        List<Fix> blind = new ArrayList<>();
        if (store.has(Capability.ATOMIC_WRITES)) {
            List<Fix> checked = new ArrayList<>();
            fixes.forEach(f -> (blindable(f) ? blind : checked).add(f));
            groups(checked, true).forEach(g -> sendGroup(g, true, unchecked, confirmed));
        } else {
            boolean partitions = store.has(Capability.ATOMIC_WRITES_SINGLE_PARTITION);
            List<Fix> rest = new ArrayList<>();
            fixes.forEach(f -> (blindable(f) ? blind : rest).add(f));
            List<Fix> alone = new ArrayList<>();
            for (List<Fix> p : byPartition(rest)) {
                if (partitions && p.size() > 1) {
                    groups(p, false).forEach(g -> sendGroup(g, false, unchecked, confirmed));
                } else {
                    alone.addAll(p);
                }
            }
            sendEach(alone, unchecked);
        }
        if (!blind.isEmpty()) {
            store.writeBatch(blind.stream().map(f -> Write.put(f.write().table(), ((Write.Put) f.write()).item()))
                    .toList());
            unchecked.addAll(blind);
        }
        confirmed.addAll(recheck(unchecked, reread));
        return confirmed;
    }

    /**
     * True when the fix may be sent as a plain put in a batch, its absence having been read with the page: an
     * added entry of a non-unique index (whose entry key names its item, so only writers of that item write
     * it) for an item without expiry (so that an entry a writer of the item wrote meanwhile, which a plain put
     * replaces, differs from ours in its tokens alone). The recheck then removes it if the item moved or went.
     */
    private boolean blindable(Fix f) {
        return !ix.unique && f.check().isPresent() && f.write() instanceof Write.Put p
                && p.condition() instanceof Condition.Absent && !p.item().has(Expiry.ATTRIBUTE);
    }

    private static List<List<Fix>> byPartition(List<Fix> fixes) {
        Map<String, List<Fix>> out = new LinkedHashMap<>();
        for (Fix f : fixes) {
            out.computeIfAbsent(f.write().table() + '\u0000' + f.write().key().partition(), p -> new ArrayList<>())
                    .add(f);
        }
        return new ArrayList<>(out.values());
    }

    /**
     * Removes the entries added without a base check whose item no longer holds them, if still ours; answers
     * the others, whose item held them when read back.
     */
    private List<Item> recheck(List<Fix> unchecked, Reread reread) {
        List<Fix> added = unchecked.stream().filter(f -> f.check().isPresent() && f.write() instanceof Write.Put)
                .toList();
        if (added.isEmpty()) {
            return List.of();
        }
        Map<Key, Item> items = current(added.stream().map(f -> f.check().get().key()).distinct().toList(), reread);
        List<Fix> undo = new ArrayList<>();
        List<Item> kept = new ArrayList<>();
        for (Fix f : added) {
            Item ours = ((Write.Put) f.write()).item();
            Item now = items.get(f.check().get().key());
            boolean held = now != null && ix.holds(now, ours.key());
            if (held) {
                kept.add(ours);
            } else {
                undo.add(new Fix(new Write.Delete(ix.indexTable, ours.key(), Entries.unchanged(ours)), Optional.empty()));
            }
        }
        List<Fix> ignored = new ArrayList<>();
        List<Item> none = new ArrayList<>();
        if (store.has(Capability.ATOMIC_WRITES)) {
            groups(undo, false).forEach(g -> sendGroup(g, false, ignored, none));
        } else if (store.has(Capability.ATOMIC_WRITES_SINGLE_PARTITION)) {
            byPartition(undo).forEach(p -> groups(p, false).forEach(g -> sendGroup(g, false, ignored, none)));
        } else {
            sendEach(undo, ignored);
        }
        return kept;
    }

    /**
     * The base items at {@code keys} as they are now: by the page's scan again when they are at least a quarter of
     * its items (an item the scan no longer returns, deleted or pushed past the page's end by new items, is read
     * by key), else by key alone. Absent items are not in the answer.
     */
    private Map<Key, Item> current(List<Key> keys, Reread reread) {
        Map<Key, Item> now = new java.util.HashMap<>();
        List<Key> byKey = keys;
        if (reread != null && keys.size() * 4L >= reread.items()) {
            Set<Key> wanted = new HashSet<>(keys);
            for (Item i : reread.scan().get().items()) {
                if (wanted.contains(i.key())) {
                    now.put(i.key(), i);
                }
            }
            byKey = keys.stream().filter(k -> !now.containsKey(k)).toList();
        }
        if (!byKey.isEmpty()) {
            store.getAll(ix.baseTable, byKey).items().forEach(i -> now.put(i.key(), i));
        }
        return now;
    }

    /** Splits fixes into groups within the store's atomic write limits, each item touched once per group. */
    private List<List<Fix>> groups(List<Fix> fixes, boolean withChecks) {
        Limits limits = store.limits();
        List<List<Fix>> out = new ArrayList<>();
        List<Fix> group = new ArrayList<>();
        Set<ItemRef> touched = new HashSet<>();
        int writes = 0;
        long bytes = 0;
        for (Fix f : fixes) {
            int size = withChecks ? f.size() : 1;
            boolean clash = touched.contains(ref(f.write()))
                    || (withChecks && f.check().map(c -> touched.contains(ref(c))).orElse(false));
            if (!group.isEmpty() && (clash || writes + size > limits.maxAtomicWriteItems()
                    || bytes + f.bytes() > limits.maxAtomicWriteBytes())) {
                out.add(group);
                group = new ArrayList<>();
                touched.clear();
                writes = 0;
                bytes = 0;
            }
            group.add(f);
            touched.add(ref(f.write()));
            if (withChecks) {
                f.check().ifPresent(c -> touched.add(ref(c)));
            }
            writes += size;
            bytes += f.bytes();
        }
        if (!group.isEmpty()) {
            out.add(group);
        }
        return out;
    }

    private static ItemRef ref(Write w) {
        return new ItemRef(w.table(), w.key());
    }

    private void sendGroup(List<Fix> group, boolean withChecks, List<Fix> unchecked, List<Item> confirmed) {
        if (group.size() == 1) {
            sendAlone(group.get(0), withChecks, unchecked, confirmed);
            return;
        }
        List<Write> writes = new ArrayList<>();
        for (Fix f : group) {
            if (withChecks) {
                f.check().ifPresent(writes::add);
            }
            writes.add(f.write());
        }
        try {
            store.writeAtomically(writes);
        } catch (ConditionFailedException | ConcurrentUpdateException raced) {
            // One condition failed (or the group met a concurrent transaction): nothing was written, so every
            // fix is sent alone and only those a writer raced are lost.
            if (withChecks) {
                group.forEach(f -> sendAlone(f, true, unchecked, confirmed));
            } else {
                sendEach(group, unchecked);
            }
            return;
        }
        for (Fix f : group) {
            if (withChecks && f.confirmsVersion()) {
                added(f).ifPresent(confirmed::add);
            } else {
                unchecked.add(f);
            }
        }
    }

    /** The entry a fix adds, if it adds one. */
    private static Optional<Item> added(Fix f) {
        return f.write() instanceof Write.Put p && f.check().isPresent() ? Optional.of(p.item()) : Optional.empty();
    }

    /**
     * Sends fixes without their checks, in one {@link Store#writeEach} per round of distinct entries; a fix refused by its condition is
     * dropped (a writer changed its entry meanwhile), as {@link #sendAlone} drops it. The fixes applied go to {@code unchecked}.
     */
    private void sendEach(List<Fix> fixes, List<Fix> unchecked) {
        // A second write of one entry goes in a later call, after the first has ended.
        List<Fix> rest = fixes;
        while (!rest.isEmpty()) {
            Set<ItemRef> seen = new HashSet<>();
            List<Fix> now = new ArrayList<>();
            List<Fix> later = new ArrayList<>();
            for (Fix f : rest) {
                (seen.add(ref(f.write())) ? now : later).add(f);
            }
            List<Boolean> applied = store.writeEach(now.stream().map(Fix::write).toList());
            for (int i = 0; i < now.size(); i++) {
                if (applied.get(i)) {
                    unchecked.add(now.get(i));
                }
            }
            rest = later;
        }
    }

    /**
     * Sends one fix, with its check where asked; once applied, adds it to {@code confirmed} when its check held
     * the item's version, else to {@code unchecked}.
     */
    private void sendAlone(Fix f, boolean withCheck, List<Fix> unchecked, List<Item> confirmed) {
        if (withCheck && f.check().isPresent()) {
            try {
                store.writeAtomically(List.of(f.check().get(), f.write()));
                if (f.confirmsVersion()) {
                    added(f).ifPresent(confirmed::add);
                } else {
                    unchecked.add(f);
                }
                return;
            } catch (ConditionFailedException changed) {
                // The entry or its item changed meanwhile: the writer that changed them keeps them in step.
                return;
            } catch (ConcurrentUpdateException conflict) {
                // A concurrent transaction touched one of them: fall back to the entry's own condition.
            }
        }
        try {
            if (f.write() instanceof Write.Put put) {
                store.put(put);
            } else if (f.write() instanceof Write.Delete delete) {
                store.delete(delete);
            } else {
                throw new IllegalArgumentException("a repair writes puts and deletes, not " + f.write());
            }
            unchecked.add(f);
        } catch (ConditionFailedException changed) {
            // A writer changed the entry or its item meanwhile; the next verify shows whether anything is left.
        }
    }
}
