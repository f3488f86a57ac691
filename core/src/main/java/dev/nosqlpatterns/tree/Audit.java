package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Verify and repair for the layouts that keep one item per node: one read of the whole partition, the
 * journal and any unfinished bulk load checked here, the items checked by the layout.
 */
final class Audit {
    private Audit() {
    }

    /** Every item of a tree partition, sorted into the header, the journal, tombstones and the rest. */
    record Snapshot(Header header, List<Item> items, List<Item> journal, List<Item> tombstones) {
    }

    /** What a layout found: the nodes it counted and what disagrees. */
    record Findings(long nodes, List<String> problems) {
    }

    static Snapshot read(TreeContext<?> ctx) {
        Header header = Header.read(Optional.empty());
        List<Item> items = new ArrayList<>();
        List<Item> journal = new ArrayList<>();
        List<Item> tombstones = new ArrayList<>();
        for (Item i : ctx.store().queryAll(Query.in(ctx.table(), ctx.partition())
                .limit(ctx.options().pageSize())).toList()) {
            String sort = i.key().sort();
            if (sort.equals(Layout.HEADER)) {
                header = Header.read(Optional.of(i));
            } else if (sort.startsWith(Layout.JOURNAL)) {
                journal.add(i);
            } else if (Layout.tombstone(i)) {
                tombstones.add(i);
            } else {
                items.add(i);
            }
        }
        return new Snapshot(header, items, journal, tombstones);
    }

    static TreeVerification verify(TreeContext<?> ctx, Function<Snapshot, Findings> layout) {
        Snapshot s = read(ctx);
        if (s.header().loading().isPresent()) {
            return new TreeVerification(0, false, 0, List.of(TreeLoadWrites.problem(s.header(), s.items().size())));
        }
        Optional<String> pending = s.header().intent().map(Header.Intent::token);
        Map<String, Long> tokens = Journal.tokens(s.journal());
        int stray = (int) s.journal().stream().filter(i -> !pending.isPresent()
                || !i.key().sort().startsWith(Layout.JOURNAL + pending.get() + ":")).count();
        Findings f = layout.apply(s);
        List<String> problems = new ArrayList<>(f.problems());
        pending.ifPresent(t -> {
            if (s.header().intent().get().chunks() > 0 && !tokens.containsKey(t)) {
                problems.add("the pending change " + t + " has no journal items");
            }
        });
        return new TreeVerification(f.nodes(), pending.isPresent(), stray, problems);
    }

    static TreeVerification repair(TreeContext<?> ctx, Function<Snapshot, Findings> layout) {
        Snapshot s = read(ctx);
        if (s.header().loading().isPresent()) {
            TreeLoadWrites.abandon(ctx, s.header());
            s = read(ctx);
        }
        if (s.header().intent().isPresent()) {
            Journal.rollForward(ctx, s.header());
            s = read(ctx);
        }
        Journal.sweep(ctx, s.journal(), s.header().intent().map(Header.Intent::token), Long.MAX_VALUE);
        purgeExpired(ctx, s.tombstones());
        return verify(ctx, layout);
    }

    /**
     * Removes the tombstones older than the grace, a hundred per change: a change like any other, so
     * it cannot remove a tombstone that a concurrent change expects to find.
     */
    private static void purgeExpired(TreeContext<?> ctx, List<Item> tombstones) {
        long now = System.currentTimeMillis();
        long grace = ctx.options().tombstoneGrace().toMillis();
        List<String> doomed = tombstones.stream().filter(t -> Layout.expired(t, now, grace))
                .map(t -> t.key().sort()).toList();
        for (int i = 0; i < doomed.size(); i += Tx.MAX_PURGES) {
            List<String> some = doomed.subList(i, Math.min(doomed.size(), i + Tx.MAX_PURGES));
            ctx.mutate("repair", tx -> {
                tx.purge(some);
                return null;
            });
        }
    }
}
