package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The round trips each strategy promises, measured through the store's cost listener: a materialized-path
 * or nested-set subtree is one lookup and one query plus pages at any depth, an adjacency-list subtree one
 * request where the store follows links itself and at most one per level plus one elsewhere, an aggregate
 * one request for anything.
 */
public abstract class TreeCostSuite extends TreeSuiteSupport {
    private static final int CHAIN = 30;

    /**
     * A comb: a chain {@code c0 .. c29} where every link also has a leaf {@code l0 .. l29}; 60 nodes, 31
     * levels. The leaf goes first, so the chain runs through the last child of each level.
     */
    private Tree<Category> comb(TreeStrategy strategy, int pageSize) {
        Tree<Category> tree = newTree(strategy, b -> b.pageSize(pageSize).lease(Duration.ZERO)
                .tombstoneGrace(Duration.ZERO));
        tree.createRoot("c0", Category.of("c0"));
        for (int i = 0; i < CHAIN; i++) {
            tree.addChild("c" + i, "l" + i, Category.of("l" + i));
            if (i + 1 < CHAIN) {
                tree.addChild("c" + i, "c" + (i + 1), Category.of("c" + (i + 1)));
            }
        }
        // Where changes are fenced, renumbered nested sets leave tombstones that reads would pay for.
        tree.repair();
        return tree;
    }

    private <R> long trips(Supplier<R> read, List<R> out) {
        CostTally tally = cost(() -> out.add(read.get()));
        return tally.roundTrips();
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aSubtreeCostsWhatTheStrategyPromisesAtAnyDepth(TreeStrategy strategy) {
        Tree<Category> tree = comb(strategy, 100);
        List<Object> out = new ArrayList<>();
        long whole = trips(() -> tree.subtree("c0"), out);
        long deep = trips(() -> tree.subtree("c25"), out);
        long shallow = trips(() -> tree.subtree("c0", 2), out);
        assertEquals(2 * CHAIN, ((List<?>) out.get(0)).size());
        assertEquals(10, ((List<?>) out.get(1)).size());
        assertEquals(5, ((List<?>) out.get(2)).size());
        switch (strategy) {
            case MATERIALIZED_PATHS, NESTED_SETS -> {
                assertEquals(2, whole, "a subtree of 31 levels: the lookup and one query");
                assertEquals(2, deep, "a subtree 25 levels down: the lookup and one query");
                assertEquals(2, shallow, "a depth-limited subtree is the same query, filtered");
            }
            case ADJACENCY_LIST -> {
                if (store.has(Capability.NATIVE_LINKED_READS)) {
                    assertEquals(List.of(1L, 1L, 1L), List.of(whole, deep, shallow),
                            "the store follows the links itself: one request at any depth");
                    return;
                }
                assertEquals(CHAIN + 1, whole, "one request per level of the 31 levels");
                assertEquals(6, deep, "the node and its 5 levels below");
                assertEquals(3, shallow, "the node and the 2 levels asked for");
            }
            case AGGREGATE -> {
                assertEquals(1, whole);
                assertEquals(1, deep);
                assertEquals(1, shallow);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = {"MATERIALIZED_PATHS", "NESTED_SETS"})
    void aLongSubtreeAddsOnlyPages(TreeStrategy strategy) {
        Tree<Category> tree = comb(strategy, 8);
        CostTally tally = cost(() -> assertEquals(2 * CHAIN, tree.subtree("c0").size()));
        long pages = (2 * CHAIN + 7) / 8;
        assertTrue(tally.roundTrips() >= 1 + pages && tally.roundTrips() <= 2 + pages,
                "60 nodes at 8 per page: one lookup and " + pages + " or " + (pages + 1) + " pages, was "
                        + tally.roundTrips());
        CostTally count = cost(() -> assertEquals(2 * CHAIN - 1, tree.countDescendants("c0")));
        assertEquals(tally.roundTrips(), count.roundTrips(), "counting reads the same range");
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void pointReadsCostWhatTheStrategyPromises(TreeStrategy strategy) {
        Tree<Category> tree = comb(strategy, 100);
        List<Object> out = new ArrayList<>();
        long get = trips(() -> tree.get("c20"), out);
        long depth = trips(() -> tree.depth("c20"), out);
        long ancestors = trips(() -> tree.ancestors("c20"), out);
        long parent = trips(() -> tree.parent("c20"), out);
        long children = trips(() -> tree.children("c20"), out);
        assertEquals(20, out.get(1));
        assertEquals(20, ((List<?>) out.get(2)).size());
        assertEquals(2, ((List<?>) out.get(4)).size());
        String costs = "get " + get + ", depth " + depth + ", ancestors " + ancestors + ", parent " + parent
                + ", children " + children;
        switch (strategy) {
            case ADJACENCY_LIST -> assertEquals(store.has(Capability.NATIVE_LINKED_READS)
                    ? List.of(1L, 1L, 1L, 2L, 2L) : List.of(1L, 21L, 21L, 2L, 2L),
                    List.of(get, depth, ancestors, parent, children), costs);
            case MATERIALIZED_PATHS -> assertEquals(List.of(2L, 1L, 2L, 2L, 2L),
                    List.of(get, depth, ancestors, parent, children), costs);
            case NESTED_SETS -> assertEquals(List.of(2L, 1L, 2L, 2L, 2L),
                    List.of(get, depth, ancestors, parent, children), costs);
            case AGGREGATE -> assertEquals(List.of(1L, 1L, 1L, 1L, 1L),
                    List.of(get, depth, ancestors, parent, children), costs);
        }
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aChangeCostsAFewRequestsWhateverTheTreeSize(TreeStrategy strategy) {
        Tree<Category> tree = comb(strategy, 100);
        CostTally add = cost(() -> tree.addChild("c29", "new", Category.of("new")));
        CostTally update = cost(() -> tree.update("c10", Category.of("renamed")));
        CostTally delete = cost(() -> tree.delete("new"));
        boolean atomic = (store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES) || store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES_SINGLE_PARTITION));
        for (CostTally t : List.of(add, update, delete)) {
            // Without atomic writes each journaled write is its own conditional request, fenced by its stamp.
            long most = atomic ? 6 : 7 + t.itemsWritten();
            assertTrue(t.roundTrips() >= 2 && t.roundTrips() <= most, "a change is a few requests: " + t);
        }
        if (strategy != TreeStrategy.AGGREGATE) {
            long written = (store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES) || store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES_SINGLE_PARTITION)) ? 3 : 4;
            assertTrue(add.itemsWritten() <= written,
                    "an add writes the node, its pointer or parent, and the header (twice when journaled): " + add);
        }
    }
}
