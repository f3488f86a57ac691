package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The write protocol of {@link Tree#load} for the layouts that keep one item per node.
 *
 * <p>(1) One conditional write of the header claims the empty tree: next version, no root, and the
 * time the load started. From then on the tree reads as empty and refuses changes, so none of the
 * items the load writes is visible. (2) The node items are written in batches. (3) One conditional
 * write of the header, on the claiming version, sets the root and drops the claim: the whole tree
 * appears at once. While writing, the load renews its claim every third of the lease, so only a
 * stopped load is taken over. A load that stops between (1) and (3) leaves an empty-looking tree that
 * {@link Tree#verify()} reports; {@link Tree#repair()} deletes its items, and a load retried after the
 * lease takes the claim over and deletes them first.
 */
final class TreeLoadWrites {
    private static final int MAX_BATCH = 100;

    private TreeLoadWrites() {
    }

    /** Loads {@code puts} (every item of the tree) with root {@code root} into the empty tree of {@code ctx}. */
    static void write(TreeContext<?> ctx, List<Write> puts, String root) {
        Store store = ctx.store();
        // Every item is checked before the load claims the tree: bad input anywhere writes nothing.
        store.validate(puts);
        Header current = Header.read(store.get(ctx.table(), ctx.key(Layout.HEADER)));
        if (current.intent().isPresent() || current.root().isPresent()) {
            throw notEmpty(ctx, current);
        }
        if (current.loading().isPresent()
                && System.currentTimeMillis() - current.loading().get() < ctx.options().lease().toMillis()) {
            throw busy(ctx, current);
        }
        Header claimed = current.loadingSince(System.currentTimeMillis());
        try {
            store.put(new Write.Put(ctx.table(), claimed.toItem(ctx.partition()), current.unchanged()));
        } catch (ConditionFailedException raced) {
            throw new TreeException(ctx.name(), "another writer changed it while the bulk load started; nothing was"
                    + " written. Load again into an empty tree");
        }
        if (current.loading().isPresent()) {
            clear(ctx);
        }
        long beat = System.currentTimeMillis();
        for (List<Write> batch : batches(store.limits(), puts)) {
            if (System.currentTimeMillis() - beat > ctx.options().lease().toMillis() / 3) {
                beat = System.currentTimeMillis();
                renew(ctx, claimed, beat);
            }
            store.writeBatch(batch);
        }
        try {
            store.put(new Write.Put(ctx.table(), claimed.next(Optional.of(root)).toItem(ctx.partition()),
                    claimed.unchanged()));
        } catch (ConditionFailedException takenOver) {
            throw new TreeException(ctx.name(), "its bulk load was taken over (by repair() or another load) before"
                    + " it completed; the tree shows only what that writer left");
        }
    }

    /**
     * Moves the claim's start time forward, so that a live load longer than the lease is not taken over;
     * stops the load when the claim was taken over already.
     */
    private static void renew(TreeContext<?> ctx, Header claimed, long now) {
        Header renewed = new Header(true, claimed.version(), Optional.empty(), Optional.empty(), Optional.of(now));
        try {
            ctx.store().put(new Write.Put(ctx.table(), renewed.toItem(ctx.partition()), claimed.unchanged()));
        } catch (ConditionFailedException takenOver) {
            throw new TreeException(ctx.name(), "its bulk load was taken over (by repair() or another load) before"
                    + " it completed; this load stopped writing");
        }
    }

    /**
     * The writes in batches of at most {@value #MAX_BATCH} items whose bytes stay within the store's
     * largest atomic write, a request size every adapter takes; adapters split batches further as needed.
     */
    static List<List<Write>> batches(Limits limits, List<Write> puts) {
        int items = MAX_BATCH;
        List<List<Write>> out = new ArrayList<>();
        List<Write> current = new ArrayList<>();
        long bytes = 0;
        for (Write w : puts) {
            long size = w instanceof Write.Put p ? p.item().sizeInBytes() : 0;
            if (!current.isEmpty() && (current.size() >= items || bytes + size > limits.maxAtomicWriteBytes())) {
                out.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(w);
            bytes += size;
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }

    /**
     * Abandons a stopped load found in {@code header}: deletes every item of the tree but the header,
     * then clears the claim, leaving an empty tree. Used by {@link Tree#repair()}.
     */
    static void abandon(TreeContext<?> ctx, Header header) {
        clear(ctx);
        try {
            ctx.store().put(new Write.Put(ctx.table(), header.next(Optional.empty()).toItem(ctx.partition()),
                    header.unchanged()));
        } catch (ConditionFailedException raced) {
            // Another repair or a retried load got there first; what it left stands.
        }
    }

    /** Deletes every item of the tree's partition except the header. */
    private static void clear(TreeContext<?> ctx) {
        List<Key> doomed = ctx.store().queryAll(Query.in(ctx.table(), ctx.partition()).limit(ctx.options().pageSize()))
                .map(Item::key).filter(k -> !k.sort().equals(Layout.HEADER)).toList();
        List<Write> deletes = doomed.stream().map(k -> (Write) Write.delete(ctx.table(), k)).toList();
        for (List<Write> batch : batches(ctx.store().limits(), deletes)) {
            ctx.store().writeBatch(batch);
        }
    }

    /** The error for a change or a load of a tree that a bulk load holds. */
    static TreeException busy(TreeContext<?> ctx, Header header) {
        return new TreeException(ctx.name(), "a bulk load started at " + Instant.ofEpochMilli(header.loading().orElseThrow())
                + " holds it and has not completed; nothing was written. Wait for it, or if its writer stopped, call"
                + " repair() (which empties the tree) or load again once the lease has run out");
    }

    static TreeException notEmpty(TreeContext<?> ctx, Header header) {
        return new TreeException(ctx.name(), "a bulk load goes into an empty tree only, and this one has "
                + header.root().map(r -> "the root '" + r + "'").orElse("a change pending")
                + "; nothing was written. Delete its subtree first, or load into another tree");
    }

    /** What {@link Tree#verify()} reports for a tree a bulk load holds. */
    static String problem(Header header, int items) {
        return "a bulk load started at " + Instant.ofEpochMilli(header.loading().orElseThrow())
                + " has not completed; its " + items + " items are not part of the tree (which reads as empty):"
                + " repair() deletes them, or a load retried after the lease replaces them";
    }
}
