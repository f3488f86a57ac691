package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.ConditionFailedException;
import dev.nosqlpatterns.store.Query;
import dev.nosqlpatterns.store.SortKeyCondition;
import dev.nosqlpatterns.store.Write;
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
 * are applied, all puts before any delete, in batches; (4) a conditional write of the header clears the change,
 * and its journal items are deleted. Every write is a whole-item put or a delete with no condition, so
 * applying a change twice, or by two processes, gives the same items: whoever finds a committed change
 * pending after its lease completes it. Crashing before (2) leaves only unreferenced journal items, which
 * {@link Tree#repair()} removes.
 */
final class Journal {
    /** Bytes kept free in every item so that its write fits a journal entry. */
    static final int ITEM_MARGIN = 8 * 1024;
    private static final String WRITES = "writes";
    private static final String AT = "at";
    private static final String SORT = "k";
    private static final String ATTRIBUTES = "a";
    private static final int APPLY_BATCH = 100;

    private Journal() {
    }

    /** A change ready to commit: its token, the inline entries or the chunk items to write first. */
    record Prepared(String token, Optional<Value> inline, List<Item> chunks) {
    }

    static Prepared prepare(TreeContext<?> ctx, List<Write> writes) {
        String token = Long.toString(System.currentTimeMillis(), 36)
                + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
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
     * Writes the puts, then the deletes, in batches; idempotent. No batch mixes the two, so a node that
     * moves is written at its new place before it leaves its old one: a concurrent read may see it twice
     * (and retries) but never misses it in a layout that keys nodes by place.
     */
    static void apply(TreeContext<?> ctx, List<Write> writes) {
        for (Class<?> kind : List.of(Write.Put.class, Write.Delete.class)) {
            List<Write> some = writes.stream().filter(kind::isInstance).toList();
            for (int i = 0; i < some.size(); i += APPLY_BATCH) {
                ctx.store().writeBatch(some.subList(i, Math.min(some.size(), i + APPLY_BATCH)));
            }
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
        apply(ctx, load(ctx, pending.intent().orElseThrow()));
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
        if (w instanceof Write.Put p) {
            return Value.map(Map.of(SORT, Value.of(p.key().sort()), ATTRIBUTES, Value.map(p.item().attributes())));
        }
        if (w instanceof Write.Delete d) {
            return Value.map(Map.of(SORT, Value.of(d.key().sort())));
        }
        throw new IllegalArgumentException("the journal takes puts and deletes, got " + w);
    }

    private static List<Write> decodeAll(TreeContext<?> ctx, Value list) {
        List<Write> out = new ArrayList<>();
        for (Value v : ((Value.ListValue) list).value()) {
            Map<String, Value> entry = ((Value.MapValue) v).value();
            Key key = ctx.key(((Value.Str) entry.get(SORT)).value());
            Value attributes = entry.get(ATTRIBUTES);
            out.add(attributes == null ? Write.delete(ctx.table(), key)
                    : Write.put(ctx.table(), new Item(key, ((Value.MapValue) attributes).value())));
        }
        return out;
    }
}
