package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The redo journal of changes that cannot be written atomically.
 *
 * <p>Protocol: (1) a change too large for the header goes first into journal items under a fresh
 * token, which nothing refers to yet; (2) one conditional write of the header, on the version the change
 * was planned against, records the change (inline when small) and is its commit point; (3) the writes
 * are applied, all puts before any delete; (4) a conditional write of the header clears the change,
 * and its journal items are deleted. Every write is a whole-item put or a delete on the condition that the
 * item is still as the change read it, judged by the stamp ({@link Layout#STAMP}) of the change that last
 * wrote it, and every put stamps the item anew; a delete leaves a tombstone stamped the same way (until
 * the tree's tombstone grace runs out), so an item a change expects absent cannot have been created and
 * deleted since. So applying a change twice, or by two processes, gives the
 * same items, and whoever finds a committed change pending after its lease completes it: a writer that was
 * paused past its lease and resumes finds its items already written, or rewritten by later changes, and
 * its writes fail their conditions instead of undoing those changes. Crashing before (2) leaves only
 * unreferenced journal items, which {@link Tree#repair()} removes.
 */
final class Journal {
    /** Bytes kept free in every item so that its write fits a journal entry. */
    static final int ITEM_MARGIN = 8 * 1024;
    private static final String WRITES = "writes";
    private static final String AT = "at";
    private static final String SORT = "k";
    private static final String ATTRIBUTES = "a";
    private static final String EXPECTED = "x";
    private static final int APPLY_BATCH = 100;

    private Journal() {
    }

    /** A change ready to commit: its token, the inline entries or the chunk items to write first. */
    record Prepared(String token, Optional<Value> inline, List<Item> chunks) {
    }

    /** A fresh token naming one change: time first, so tokens of one tree rarely meet. */
    static String newToken() {
        return Long.toString(System.currentTimeMillis(), 36)
                + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    }

    /** The journal of {@code writes}, named {@code token}: the stamp the change's puts carry. */
    static Prepared prepare(TreeContext<?> ctx, List<Write> writes, String token) {
        List<Value> entries = writes.stream().map(Journal::encode).toList();
        Value all = Value.list(entries);
        int maxItem = ctx.store().limits().maxItemBytes();
        if (all.sizeInBytes() <= Math.min(maxItem / 4, 64 * 1024)) {
            return new Prepared(token, Optional.of(all), List.of());
        }
        int budget = maxItem - ITEM_MARGIN / 2;
        long now = System.currentTimeMillis();
        List<Item> chunks = new ArrayList<>();
        List<Value> current = new ArrayList<>();
        int size = 0;
        for (Value e : entries) {
            if (!current.isEmpty() && size + e.sizeInBytes() + 1 > budget) {
                chunks.add(chunk(ctx, token, chunks.size(), current, now));
                current = new ArrayList<>();
                size = 0;
            }
            current.add(e);
            size += e.sizeInBytes() + 1;
        }
        chunks.add(chunk(ctx, token, chunks.size(), current, now));
        return new Prepared(token, Optional.empty(), chunks);
    }

    private static Item chunk(TreeContext<?> ctx, String token, int index, List<Value> entries, long now) {
        return Item.builder(ctx.key(chunkPrefix(token) + String.format("%06d", index)))
                .put(WRITES, Value.list(entries)).put(AT, now).build();
    }

    private static String chunkPrefix(String token) {
        return Layout.JOURNAL + token + ":";
    }

    /**
     * Writes the puts, then the deletes and tombstones; idempotent. No step mixes the two, so a node that moves is written
     * at its new place before it leaves its old one: a concurrent read may see it twice (and retries) but
     * never misses it in a layout that keys nodes by place.
     *
     * <p>Where the tree uses the store's atomic writes, the writes go in atomic groups that each check the
     * header still holds this change ({@code token}); a group that finds it cleared stops the apply, since
     * whoever cleared it had applied everything. Otherwise each write is conditional on its item's stamp,
     * and a write that fails its condition was made already or superseded.
     */
    static void apply(TreeContext<?> ctx, List<Write> writes, String token) {
        boolean atomic = guarded(ctx);
        for (boolean removals : new boolean[] {false, true}) {
            List<Write> some = writes.stream().filter(w -> removes(w) == removals).toList();
            if (atomic) {
                if (!applyGuarded(ctx, some, token)) {
                    return;
                }
                continue;
            }
            List<Write> unconditional = some.stream().filter(w -> w.condition() instanceof Condition.None).toList();
            for (int i = 0; i < unconditional.size(); i += APPLY_BATCH) {
                ctx.store().writeBatch(unconditional.subList(i, Math.min(unconditional.size(), i + APPLY_BATCH)));
            }
            for (Write w : some) {
                if (!(w.condition() instanceof Condition.None)) {
                    applyFenced(ctx, w);
                }
            }
        }
    }

    /** True for a delete or the put of a tombstone: writes that go after every put of an item. */
    private static boolean removes(Write w) {
        return !(w instanceof Write.Put p) || Layout.tombstone(p.item());
    }

    /** True when changes are applied in atomic groups guarded by the header, so writes need no fence. */
    static boolean guarded(TreeContext<?> ctx) {
        return ctx.options().atomicWrites() && (ctx.store().has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES) || ctx.store().has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES_SINGLE_PARTITION));
    }

    /** Atomic groups guarded by the header; false when the change was found no longer pending. */
    private static boolean applyGuarded(TreeContext<?> ctx, List<Write> writes, String token) {
        Limits limits = ctx.store().limits();
        Write guard = Write.check(ctx.table(), ctx.key(Layout.HEADER), Header.pending(token));
        List<Write> group = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i <= writes.size(); i++) {
            Write w = i < writes.size() ? unconditional(writes.get(i)) : null;
            long size = w instanceof Write.Put p ? p.item().sizeInBytes() : 64;
            boolean full = w == null || group.size() + 2 > limits.maxAtomicWriteItems()
                    || bytes + size + 1024 > limits.maxAtomicWriteBytes();
            if (full && !group.isEmpty()) {
                group.add(guard);
                try {
                    ctx.store().writeAtomically(group);
                } catch (ConditionFailedException cleared) {
                    return false;
                }
                group = new ArrayList<>();
                bytes = 0;
            }
            if (w != null) {
                group.add(w);
                bytes += size;
            }
        }
        return true;
    }

    private static Write unconditional(Write w) {
        return w instanceof Write.Put p ? Write.put(p.table(), p.item()) : Write.delete(w.table(), w.key());
    }

    private static void applyFenced(TreeContext<?> ctx, Write w) {
        try {
            if (w instanceof Write.Put p) {
                ctx.store().put(p);
            } else {
                ctx.store().delete((Write.Delete) w);
            }
        } catch (ConditionFailedException appliedOrSuperseded) {
            // Written already by another applier of this change, or changed since by a later one.
        }
    }

    /** Clears a pending change from the header (unless someone else did) and deletes its journal items. */
    static void finish(TreeContext<?> ctx, Header pending) {
        Header.Intent intent = pending.intent().orElseThrow();
        Header cleared = new Header(true, pending.version() + 1, pending.root(), Optional.empty(),
                Optional.empty());
        try {
            ctx.store().put(new Write.Put(ctx.table(), cleared.toItem(ctx.partition()), pending.unchanged()));
        } catch (ConditionFailedException alreadyCleared) {
            // Another process completed and cleared this change: its items are applied, nothing to undo.
        }
        if (intent.chunks() > 0) {
            deleteChunks(ctx, chunkKeys(ctx, intent.token()));
        }
    }

    /** Applies and clears a pending change found in the header: the roll forward of a stopped writer. */
    static void rollForward(TreeContext<?> ctx, Header pending) {
        Header.Intent intent = pending.intent().orElseThrow();
        apply(ctx, load(ctx, intent), intent.token());
        finish(ctx, pending);
    }

    /** Removes the journal items of a change whose commit failed; best effort, stray items are harmless. */
    static void discard(TreeContext<?> ctx, Prepared prepared) {
        try {
            deleteChunks(ctx, prepared.chunks().stream().map(Item::key).toList());
        } catch (RuntimeException ignored) {
            // Left for repair(): unreferenced journal items change nothing.
        }
    }

    private static void deleteChunks(TreeContext<?> ctx, List<Key> keys) {
        if (!keys.isEmpty()) {
            ctx.store().writeBatch(keys.stream().map(k -> (Write) Write.delete(ctx.table(), k)).toList());
        }
    }

    private static List<Key> chunkKeys(TreeContext<?> ctx, String token) {
        return ctx.store().queryAll(Query.in(ctx.table(), ctx.partition())
                        .where(SortKeyCondition.beginsWith(chunkPrefix(token))).limit(ctx.options().pageSize()))
                .map(Item::key).toList();
    }

    static List<Write> load(TreeContext<?> ctx, Header.Intent intent) {
        if (intent.inline().isPresent()) {
            return decodeAll(ctx, intent.inline().get());
        }
        List<Item> chunks = ctx.store().queryAll(Query.in(ctx.table(), ctx.partition())
                .where(SortKeyCondition.beginsWith(chunkPrefix(intent.token()))).limit(ctx.options().pageSize()))
                .toList();
        if (chunks.size() != intent.chunks()) {
            throw new TreeException(ctx.name(), "the journal of the pending change " + intent.token()
                    + " is incomplete: " + chunks.size() + " of " + intent.chunks() + " items found");
        }
        List<Write> writes = new ArrayList<>();
        for (Item c : chunks) {
            writes.addAll(decodeAll(ctx, c.get(WRITES).orElseThrow()));
        }
        return writes;
    }

    /** Journal items by token, with the time each was written; used by verify and repair. */
    static Map<String, Long> tokens(List<Item> journalItems) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Item i : journalItems) {
            String sort = i.key().sort();
            String token = sort.substring(Layout.JOURNAL.length(), sort.indexOf(':', Layout.JOURNAL.length()));
            out.merge(token, i.getLong(AT).orElse(0L), Math::min);
        }
        return out;
    }

    /** Deletes journal items of tokens other than {@code keep} written before {@code before}. */
    static int sweep(TreeContext<?> ctx, List<Item> journalItems, Optional<String> keep, long before) {
        Map<String, Long> tokens = tokens(journalItems);
        List<Key> stray = new ArrayList<>();
        for (Item i : journalItems) {
            String sort = i.key().sort();
            String token = sort.substring(Layout.JOURNAL.length(), sort.indexOf(':', Layout.JOURNAL.length()));
            if (!keep.equals(Optional.of(token)) && tokens.get(token) < before) {
                stray.add(i.key());
            }
        }
        deleteChunks(ctx, stray);
        return stray.size();
    }

    private static Value encode(Write w) {
        Map<String, Value> entry = new LinkedHashMap<>();
        entry.put(SORT, Value.of(w.key().sort()));
        if (w instanceof Write.Put p) {
            entry.put(ATTRIBUTES, Value.map(p.item().attributes()));
        } else if (!(w instanceof Write.Delete)) {
            throw new IllegalArgumentException("the journal takes puts and deletes, got " + w);
        }
        expectation(w.condition()).ifPresent(x -> entry.put(EXPECTED, x));
        return Value.map(entry);
    }

    /** The condition of a journaled write as stored: absent, present without a stamp, or its stamp. */
    private static Optional<Value> expectation(Condition condition) {
        if (condition instanceof Condition.None) {
            return Optional.empty();
        }
        if (condition instanceof Condition.Absent) {
            return Optional.of(Value.of(false));
        }
        if (condition instanceof Condition.Exists) {
            return Optional.of(Value.of(true));
        }
        if (condition instanceof Condition.AttributeEquals e && e.name().equals(Layout.STAMP)) {
            return Optional.of(e.value());
        }
        throw new IllegalArgumentException("the journal cannot record the condition " + condition);
    }

    private static Condition condition(Value expected) {
        if (expected == null) {
            return Condition.none();
        }
        if (expected instanceof Value.Bool b) {
            return b.value() ? Condition.ifExists() : Condition.ifAbsent();
        }
        return Condition.attributeEquals(Layout.STAMP, expected);
    }

    private static List<Write> decodeAll(TreeContext<?> ctx, Value list) {
        List<Write> out = new ArrayList<>();
        for (Value v : ((Value.ListValue) list).value()) {
            Map<String, Value> entry = ((Value.MapValue) v).value();
            Key key = ctx.key(((Value.Str) entry.get(SORT)).value());
            Value attributes = entry.get(ATTRIBUTES);
            Condition condition = condition(entry.get(EXPECTED));
            out.add(attributes == null ? new Write.Delete(ctx.table(), key, condition)
                    : new Write.Put(ctx.table(), new Item(key, ((Value.MapValue) attributes).value()), condition));
        }
        return out;
    }
}
