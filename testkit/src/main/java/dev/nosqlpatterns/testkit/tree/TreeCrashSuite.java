package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.TreeException;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.time.Duration;
import java.util.List;
import java.util.ArrayList;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer that dies at any write of a change: afterwards every reader sees the tree either as it was or
 * as the change leaves it, never in between, because the first operation after the crash completes a
 * committed change (the lease is set to zero, as after a known crash); verify finds nothing wrong and
 * repair leaves no journal behind. Each change is first run on a counting store to learn its writes,
 * then crashed before and after each of them in turn.
 */
public abstract class TreeCrashSuite extends TreeSuiteSupport {
    private static final String BULK = "x".repeat(40_000);
    /** Nodes of the bulk load crashed at every write: two batches of adjacency items, three of the others. */
    private static final int CRASHED_LOAD = 120;

    /** r: a (a1, a2: a21), b (b1), c; {@code name} gives every node's name. */
    private static void family(Tree<Category> tree, String name) {
        tree.createRoot("r", Category.of("r" + name));
        for (String[] edge : new String[][] {{"r", "a"}, {"a", "a1"}, {"a", "a2"}, {"a2", "a21"}, {"r", "b"},
                {"b", "b1"}, {"r", "c"}}) {
            tree.addChild(edge[0], edge[1], Category.of(edge[1] + name));
        }
    }

    /** What the change wrote in a clean run: write calls and items. */
    private record Clean(int writes, long items) {
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aJournaledMoveInterruptedAtAnyWriteHappensWholeOrNotAtAll(TreeStrategy strategy) {
        Clean clean = crashAtEveryWrite(strategy, b -> b.atomicWrites(false), t -> family(t, ""),
                t -> t.move("a", "b", Position.first()));
        int expected = switch (strategy) {
            case AGGREGATE -> 1;
            case ADJACENCY_LIST -> 2 + 3;
            default -> 2 + 12;
        };
        assertEquals(expected, clean.writes(), "a journaled change: commit in the header, one write per item "
                + "conditional on the item's stamp (puts, then deletes), clear");
    }

    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = {"ADJACENCY_LIST", "MATERIALIZED_PATHS", "NESTED_SETS"})
    void aJournalTooLargeForTheHeaderSurvivesACrashToo(TreeStrategy strategy) {
        Clean clean = crashAtEveryWrite(strategy, b -> b.atomicWrites(false).label(c -> c.name().substring(0, 2)),
                t -> family(t, BULK), t -> t.move("a", "c", Position.last()));
        assertEquals(strategy == TreeStrategy.ADJACENCY_LIST ? 4 + 3 : 4 + 12, clean.writes(),
                "journal items, commit, one write per item (puts, then deletes), clear, journal items deleted");
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aMoveWithTheStoresOwnAtomicityHappensWholeOrNotAtAll(TreeStrategy strategy) {
        Clean clean = crashAtEveryWrite(strategy, b -> b, t -> family(t, ""), t -> t.move("a2", "c", Position.first()));
        if ((store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES) || store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES_SINGLE_PARTITION)) || strategy == TreeStrategy.AGGREGATE) {
            assertEquals(1, clean.writes(), "one atomic write");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = "NESTED_SETS")
    void aRenumberingInterruptedAtAnyWriteHappensWholeOrNotAtAll(TreeStrategy strategy) {
        Clean clean = crashAtEveryWrite(strategy, b -> b.atomicWrites(false).nestedSetNumbers(20),
                t -> family(t, ""), t -> t.addChild("a21", "deep", Category.of("deep")));
        assertTrue(clean.items() > 10, "adding one leaf renumbered the tree: " + clean.items() + " items written");
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aDeleteInterruptedAtAnyWriteHappensWholeOrNotAtAll(TreeStrategy strategy) {
        Clean clean = crashAtEveryWrite(strategy, b -> b.atomicWrites(false), t -> family(t, ""),
                t -> t.deleteSubtree("a"));
        assertTrue(clean.items() >= (strategy == TreeStrategy.AGGREGATE ? 1 : 6), "items written: " + clean.items());
    }

    /**
     * A bulk load that dies at any of its writes (claim, batches, completion) leaves either the whole tree
     * or a tree that reads as empty, refuses changes and fails verify naming the load; then repair()
     * empties it (odd steps) or a load retried after the lease replaces it (even steps).
     */
    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aLoadWithABadNodeAnywhereWritesNothing(TreeStrategy strategy) {
        List<TreeNode<Category>> nodes = randomTree(new Random(7), 12);
        for (int bad : new int[] {0, 1, nodes.size() / 2, nodes.size() - 1}) {
            List<TreeNode<Category>> load = new ArrayList<>(nodes);
            TreeNode<Category> replaced = load.get(bad);
            load.set(bad, new TreeNode<>(replaced.id(), Optional.of("nowhere"), replaced.payload()));
            Tree<Category> tree = newTree(strategy);
            long before = store.maintenance().countStored(table());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tree.load(load));
            assertTrue(e.getMessage().contains("node #" + bad), e.getMessage());
            assertEquals(before, store.maintenance().countStored(table()), "a bad node at " + bad + " wrote nothing");
        }
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aBulkLoadInterruptedAtAnyWriteLeavesTheWholeTreeOrNone(TreeStrategy strategy) {
        List<TreeNode<Category>> nodes = randomTree(new Random(strategy.ordinal()), CRASHED_LOAD);
        FaultInjectingBackend counter = countingBackend();
        Store counting = Store.of(counter);
        counting.createTable(TableSpec.named(table()));
        Tree<Category> clean = builder(counting).open(strategy, freshName());
        clean.load(nodes);
        List<String> whole = shape(clean);
        int steps = counter.writes();
        assertTrue(steps >= (strategy == TreeStrategy.AGGREGATE ? 1 : 4), "claim, batches, completion: " + steps);
        int sawNone = 0;
        int sawWhole = 0;
        for (int step = 1; step <= steps; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String at = strategy + ", crash " + when + " write " + step + " of " + steps;
                String run = freshName();
                Tree<Category> dying = builder(crashingStore(step, when)).open(strategy, run);
                assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> dying.load(nodes), at);
                Tree<Category> waiting = builder().open(strategy, run);
                Tree<Category> survivor = builder().lease(Duration.ZERO).open(strategy, run);
                List<String> seen = shape(survivor);
                if (seen.equals(whole)) {
                    sawWhole++;
                    assertTrue(survivor.verify().consistent(), at + ": " + survivor.verify());
                    continue;
                }
                sawNone++;
                assertEquals(List.of(), seen, at + ": the tree is whole or reads as empty");
                assertEquals(Optional.empty(), survivor.get(nodes.get(nodes.size() - 1).id()), at + ": no node shows");
                TreeVerification check = survivor.verify();
                if (!check.problems().isEmpty()) {
                    assertTrue(check.problems().get(0).contains("bulk load"), at + ": " + check);
                    assertThrows(TreeException.class, () -> survivor.createRoot("x", Category.of("x")), at);
                    assertThrows(TreeException.class, () -> waiting.load(nodes), at + ": within the lease");
                }
                if (step % 2 == 1) {
                    TreeVerification repaired = survivor.repair();
                    assertTrue(repaired.consistent() && repaired.nodes() == 0, at + ": after repair " + repaired);
                }
                assertEquals(CRASHED_LOAD, survivor.load(nodes), at + ": loading again");
                assertEquals(whole, shape(survivor), at + ": loaded again");
                assertSound(survivor, CRASHED_LOAD);
                survivor.addChild("n0", "later", Category.of("later"));
                assertEquals(CRASHED_LOAD + 1, shape(survivor).size(), at + ": the tree takes changes again");
            }
        }
        assertTrue(sawNone >= 1 && sawWhole >= 1, "a crash on the first write leaves no tree, after the last the"
                + " whole tree: " + sawNone + " none, " + sawWhole + " whole");
    }

    private Clean crashAtEveryWrite(TreeStrategy strategy, UnaryOperator<Trees.Builder<Category>> options,
                                   Consumer<Tree<Category>> setup, Consumer<Tree<Category>> change) {
        String name = freshName();
        Tree<Category> clean = options.apply(builder()).open(strategy, name);
        setup.accept(clean);
        List<String> before = shape(clean);
        FaultInjectingBackend counter = countingBackend();
        Store counting = Store.of(counter);
        counting.createTable(TableSpec.named(table()));
        CostTally tally = new CostTally();
        counting.onCost(tally);
        change.accept(options.apply(builder(counting)).open(strategy, name));
        int steps = counter.writes();
        List<String> after = shape(clean);
        assertNotEquals(before, after, "the change changes the tree");
        assertTrue(steps >= 1, "the change writes");
        int sawBefore = 0;
        int sawAfter = 0;
        for (int step = 1; step <= steps; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String at = strategy + ", crash " + when + " write " + step + " of " + steps;
                String run = freshName();
                setup.accept(options.apply(builder()).open(strategy, run));
                Tree<Category> dying = options.apply(builder(crashingStore(step, when))).open(strategy, run);
                assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> change.accept(dying), at);
                Tree<Category> survivor = options.apply(builder()).lease(Duration.ZERO).open(strategy, run);
                List<String> seen = shape(survivor);
                if (seen.equals(before)) {
                    sawBefore++;
                } else {
                    assertEquals(after, seen, at + ": the tree is as before or as after the change");
                    sawAfter++;
                }
                TreeVerification check = survivor.verify();
                assertTrue(check.problems().isEmpty() && !check.pendingChange(), at + ": " + check);
                TreeVerification repaired = survivor.repair();
                assertTrue(repaired.consistent() && repaired.strayJournal() == 0, at + ": after repair " + repaired);
                assertEquals(seen.size(), repaired.nodes(), at);
                survivor.addChild("r", "later", Category.of("later"));
                assertEquals(seen.size() + 1, shape(survivor).size(), at + ": the tree takes changes again");
            }
        }
        assertTrue(sawBefore >= 1 && sawAfter >= 1, "a crash on the first write undoes the change, on the last "
                + "completes it: " + sawBefore + " before, " + sawAfter + " after");
        return new Clean(steps, tally.itemsWritten());
    }
}
