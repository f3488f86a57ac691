package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One attempt of a tree operation: reads that start with the header (in the same batch as the first
 * items), the writes the operation plans, and the commit that applies them only if the header is still
 * the one read, atomically when the store can, through the {@link Journal} otherwise.
 */
final class Tx<T> {
    /** Expired tombstones one change removes at most. */
    static final int MAX_PURGES = 100;
    private final TreeContext<T> ctx;
    private final boolean mutating;
    private Header header;
    private final Map<String, Write> writes = new LinkedHashMap<>();
    private final Map<String, Optional<Item>> observed = new HashMap<>();
    /** Tombstones read that are older than the grace: a change removes them along with its own writes. */
    private final Set<String> expired = new LinkedHashSet<>();
    /** Stamps this attempt's puts; names its journal when it commits through one. */
    private final String stamp = Journal.newToken();
    private Optional<String> root;
    private boolean rootChanged;
    private boolean purging;

    /** An attempt of a change ({@code mutating}) or of a read. */
    Tx(TreeContext<T> ctx, boolean mutating) {
        this.ctx = ctx;
        this.mutating = mutating;
    }

    /** The header read by the first read of this attempt. */
    Header header() {
        if (header == null) {
            read(List.of());
        }
        return header;
    }

    /** The root recorded in the header, as changed by this attempt so far. */
    Optional<String> root() {
        return rootChanged ? root : header().root();
    }

    /**
     * Reads items by sort key in one batch; the first read of an attempt also reads the header and, when a
     * change is pending, settles it and restarts the attempt. While a bulk load has the tree, reads find
     * nothing (the tree is empty until the load completes) and changes are refused.
     */
    Map<String, Item> read(Collection<String> sortKeys) {
        List<Key> keys = new ArrayList<>(sortKeys.size() + 1);
        boolean first = header == null;
        if (first) {
            keys.add(ctx.key(Layout.HEADER));
        }
        sortKeys.forEach(s -> keys.add(ctx.key(s)));
        Map<String, Item> stored = new LinkedHashMap<>();
        if (!keys.isEmpty()) {
            BatchGetResult result = ctx.store().getAll(ctx.table(), keys);
            for (Item i : result.items()) {
                stored.put(i.key().sort(), i);
            }
        }
        Map<String, Item> found = settle(stored, first);
        if (found == null) {
            return new LinkedHashMap<>();
        }
        sortKeys.forEach(s -> observe(s, Optional.ofNullable(stored.get(s))));
        return found;
    }

    /**
     * The items an adjacency list's links reach from {@code sortKey} down to {@code maxDepth} levels, in
     * breadth-first order without tombstones, read in one request where the store follows links itself; the
     * first read of an attempt also reads the header, in the same request.
     */
    List<Item> follow(String sortKey, String links, String targetPrefix, int maxDepth) {
        boolean first = header == null;
        List<String> start = first ? List.of(Layout.HEADER, sortKey) : List.of(sortKey);
        List<Item> items = ctx.store().follow(LinkedRead.of(ctx.table(), ctx.partition(), start, links, targetPrefix,
                maxDepth));
        Map<String, Item> stored = new LinkedHashMap<>();
        for (Item i : items) {
            stored.put(i.key().sort(), i);
        }
        Map<String, Item> found = settle(stored, first);
        if (found == null) {
            return List.of();
        }
        // as read() does, the header is not observed: the commit's header condition guards it
        stored.forEach((s, i) -> {
            if (!s.equals(Layout.HEADER)) {
                observe(s, Optional.of(i));
            }
        });
        if (!stored.containsKey(sortKey)) {
            observe(sortKey, Optional.empty());
        }
        return new ArrayList<>(found.values());
    }

    /**
     * The items read less tombstones (and less the header, which the first read takes in); null while a
     * bulk load holds the tree.
     */
    private Map<String, Item> settle(Map<String, Item> stored, boolean first) {
        Map<String, Item> found = new LinkedHashMap<>(stored);
        found.values().removeIf(Layout::tombstone);
        if (first) {
            Header h = Header.read(Optional.ofNullable(found.remove(Layout.HEADER)));
            if (h.intent().isPresent()) {
                ctx.settle(h, false);
                throw new TreeContext.Retry(false);
            }
            if (h.loading().isPresent() && mutating) {
                throw TreeLoadWrites.busy(ctx, h);
            }
            header = h;
        }
        return loading() ? null : found;
    }

    Optional<Item> read(String sortKey) {
        return Optional.ofNullable(read(List.of(sortKey)).get(sortKey));
    }

    /**
     * Every item of the partition that satisfies {@code condition}, ascending, page after page. A node
     * seen twice (a change applied by the journal while the pages were read) restarts the attempt.
     */
    List<Item> range(SortKeyCondition condition) {
        if (loading()) {
            return List.of();
        }
        List<Item> items = ctx.store().queryAll(Query.in(ctx.table(), ctx.partition()).where(condition)
                .limit(ctx.options().pageSize())).toList();
        Set<String> ids = new HashSet<>();
        for (Item i : items) {
            String id = Layout.tombstone(i) ? null : i.getString(Layout.ID).orElse(null);
            if (id != null && !ids.add(id)) {
                throw inconsistent("node '" + id + "' appears twice in one range read");
            }
        }
        return live(items);
    }

    /**
     * At most {@code limit} items of the partition that satisfy {@code condition}: one request, and more
     * only where tombstones took the places of items.
     */
    List<Item> range(SortKeyCondition condition, int limit, boolean descending) {
        if (loading()) {
            return List.of();
        }
        Query q = Query.in(ctx.table(), ctx.partition()).where(condition).limit(limit);
        q = descending ? q.descending() : q;
        List<Item> out = new ArrayList<>();
        while (true) {
            Page page = ctx.store().query(q);
            out.addAll(live(page.items()));
            if (out.size() >= limit || page.next().isEmpty()) {
                return out.size() > limit ? out.subList(0, limit) : out;
            }
            q = q.after(page.next().get());
        }
    }

    /** Records {@code items} as read and returns those that are not tombstones. */
    private List<Item> live(List<Item> items) {
        List<Item> out = new ArrayList<>(items.size());
        for (Item i : items) {
            observe(i.key().sort(), Optional.of(i));
            if (!Layout.tombstone(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** Records an item as read, its tombstone included: a fenced write expects exactly what was read. */
    private void observe(String sortKey, Optional<Item> item) {
        observed.put(sortKey, item);
        if (item.isPresent() && Layout.expired(item.get(), System.currentTimeMillis(),
                ctx.options().tombstoneGrace().toMillis())) {
            expired.add(sortKey);
        }
    }

    /** True when a bulk load holds the tree: this attempt sees it empty. */
    private boolean loading() {
        return header().loading().isPresent();
    }

    /** The writes planned so far, in order; a bulk load writes them itself instead of committing them. */
    List<Write> planned() {
        return new ArrayList<>(writes.values());
    }

    /**
     * The error for items that disagree (a pointer to no node, a listed child that does not exist): a
     * retry when a concurrent change explains it, since the header moved on after this attempt read it,
     * otherwise a retry that ends, if the disagreement persists, in a {@link TreeException} naming what is
     * broken.
     */
    RuntimeException inconsistent(String what) {
        return overtaken() ? new TreeContext.Retry(true)
                : new TreeContext.Retry(false, new TreeException(ctx.name(), what + "; run verify() and repair()"));
    }

    /** True when the header moved on since this attempt first read it. */
    boolean overtaken() {
        if (header == null) {
            return false;
        }
        Header now = Header.read(ctx.store().get(ctx.table(), ctx.key(Layout.HEADER)));
        return now.version() != header.version() || now.intent().isPresent();
    }

    /**
     * Plans a put of a whole item, stamped with this attempt's token; checks its key and size against the
     * store's limits at once.
     */
    void put(String sortKey, Map<String, Value> attributes) {
        Map<String, Value> stamped = new LinkedHashMap<>(attributes);
        stamped.put(Layout.STAMP, Value.of(stamp));
        Item item = new Item(ctx.key(sortKey), stamped);
        Limits limits = ctx.store().limits();
        int keyBytes = Utf8Order.utf8Length(sortKey);
        if (keyBytes > limits.maxSortKeyBytes()) {
            throw new TreeTooLargeException(ctx.name(), "the key of " + describe(item), keyBytes,
                    limits.maxSortKeyBytes(), "Use shorter ids or a shallower tree.");
        }
        int size = item.sizeInBytes() + Journal.ITEM_MARGIN;
        if (size > limits.maxItemBytes()) {
            throw new TreeTooLargeException(ctx.name(), describe(item) + " (with room to journal it)", size,
                    limits.maxItemBytes(), "Use a smaller payload.");
        }
        writes.remove(sortKey);
        writes.put(sortKey, Write.put(ctx.table(), item));
    }

    void delete(String sortKey) {
        writes.remove(sortKey);
        writes.put(sortKey, Write.delete(ctx.table(), ctx.key(sortKey)));
    }

    void root(Optional<String> newRoot) {
        this.root = newRoot;
        this.rootChanged = true;
    }

    boolean changed() {
        return !writes.isEmpty() || rootChanged || purging && !expired.isEmpty();
    }

    /** Makes this attempt a change that removes those of {@code sortKeys} that are expired tombstones. */
    void purge(List<String> sortKeys) {
        read(sortKeys);
        purging = true;
    }

    private String describe(Item item) {
        return item.getString(Layout.ID).map(id -> "the item of node '" + id + "'").orElse("item " + item.key());
    }

    /** Writes the planned changes with the next header, or throws {@link TreeContext.Retry} when overtaken. */
    void commit() {
        if (!changed()) {
            return;
        }
        Header current = header();
        Header next = current.next(root());
        List<Write> planned = new ArrayList<>(writes.values());
        Set<String> purged = purges();
        purged.forEach(k -> planned.add(Write.delete(ctx.table(), ctx.key(k))));
        Store store = ctx.store();
        Write.Put headerWrite = new Write.Put(ctx.table(), next.toItem(ctx.partition()), current.unchanged());
        if (atomic(planned)) {
            List<Write> all = new ArrayList<>(planned);
            all.add(headerWrite);
            try {
                store.writeAtomically(all);
            } catch (ConditionFailedException overtaken) {
                throw new TreeContext.Retry(true);
            }
            return;
        }
        List<Write> fenced = Journal.guarded(ctx) ? planned : fenced(planned, purged);
        Journal.Prepared prepared = Journal.prepare(ctx, fenced, stamp);
        if (!prepared.chunks().isEmpty()) {
            store.writeBatch(prepared.chunks().stream().map(c -> (Write) Write.put(ctx.table(), c)).toList());
        }
        Header claimed = next.withIntent(new Header.Intent(prepared.token(), System.currentTimeMillis(),
                prepared.chunks().size(), prepared.inline()));
        try {
            store.put(new Write.Put(ctx.table(), claimed.toItem(ctx.partition()), current.unchanged()));
        } catch (ConditionFailedException overtaken) {
            Journal.discard(ctx, prepared);
            throw new TreeContext.Retry(true);
        }
        Journal.apply(ctx, fenced, prepared.token());
        Journal.finish(ctx, claimed);
    }

    /**
     * The planned writes, each conditional on its item being as this attempt read it (judged by the stamp
     * of the change that last wrote it), so that a writer resuming after others completed and superseded
     * its change writes nothing. Items written but never read are read here, in one batch, before the
     * commit point: the header condition then guarantees they are still as read.
     */
    private List<Write> fenced(List<Write> planned, Set<String> purged) {
        List<Key> unread = planned.stream().map(Write::key).filter(k -> !observed.containsKey(k.sort())).toList();
        if (!unread.isEmpty()) {
            Map<String, Item> found = new HashMap<>();
            ctx.store().getAll(ctx.table(), unread).items().forEach(i -> found.put(i.key().sort(), i));
            unread.forEach(k -> observed.put(k.sort(), Optional.ofNullable(found.get(k.sort()))));
        }
        List<Write> out = new ArrayList<>(planned.size());
        long now = System.currentTimeMillis();
        for (Write w : planned) {
            var condition = dev.nosqlpatterns.store.model.Condition.unchangedSince(observed.get(w.key().sort()), Layout.STAMP);
            if (w instanceof Write.Put p) {
                out.add(new Write.Put(p.table(), p.item(), condition));
            } else if (purged.contains(w.key().sort())) {
                out.add(new Write.Delete(w.table(), w.key(), condition));
            } else {
                Item tombstone = Item.builder(w.key()).put(Layout.STAMP, stamp).put(Layout.GONE, now).build();
                out.add(new Write.Put(w.table(), tombstone, condition));
            }
        }
        return out;
    }

    /** Expired tombstones this attempt read and does not overwrite, at most a hundred per change. */
    private Set<String> purges() {
        Set<String> out = new LinkedHashSet<>();
        for (String k : expired) {
            if (out.size() == MAX_PURGES) {
                break;
            }
            if (!writes.containsKey(k)) {
                out.add(k);
            }
        }
        return out;
    }

    private boolean atomic(List<Write> planned) {
        Store store = ctx.store();
        if (!ctx.options().atomicWrites() || !(store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES) || store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES_SINGLE_PARTITION))) {
            return false;
        }
        Limits limits = store.limits();
        long bytes = 1024;
        for (Write w : planned) {
            if (w instanceof Write.Put p) {
                bytes += p.item().sizeInBytes();
            }
        }
        return planned.size() + 1 <= limits.maxAtomicWriteItems() && bytes <= limits.maxAtomicWriteBytes();
    }
}
