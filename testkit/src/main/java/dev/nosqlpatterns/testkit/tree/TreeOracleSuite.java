package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nosqlpatterns.tree.CycleException;
import dev.nosqlpatterns.tree.DuplicateNodeException;
import dev.nosqlpatterns.tree.NoSuchNodeException;
import dev.nosqlpatterns.tree.NodeHasChildrenException;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.TreeStrategy;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Random adds, moves, deletes and updates on every strategy, each followed by queries compared with an
 * in-memory {@link TreeOracle}: the region around the change after every step (its parent's subtree two
 * levels deep and one more query in rotation), the whole tree and {@link Tree#verify()} every
 * {@value #FULL_CHECK_EVERY} steps. Changes alternate at random between atomic writes and the journal.
 *
 * <p>System properties: {@code nosqlpatterns.tree.randomOps} (operations per strategy, default
 * {@value #DEFAULT_OPERATIONS}) and {@code nosqlpatterns.tree.seed} (to replay a failure; the seed is in
 * every failure message).
 */
public abstract class TreeOracleSuite extends TreeSuiteSupport {
    /** Operations per strategy when {@code nosqlpatterns.tree.randomOps} is not set. */
    public static final int DEFAULT_OPERATIONS = 600;
    static final int FULL_CHECK_EVERY = 50;
    private static final int TARGET_SIZE = 40;

    static int operations() {
        return Integer.getInteger("nosqlpatterns.tree.randomOps", DEFAULT_OPERATIONS);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void randomOperationsAgreeWithAnInMemoryOracle(TreeStrategy strategy) {
        long seed = Long.getLong("nosqlpatterns.tree.seed", System.nanoTime());
        Random random = new Random(seed);
        String name = freshName();
        Tree<Category> atomic = builder().pageSize(16).nestedSetNumbers(1L << 24).open(strategy, name);
        Tree<Category> journaled = builder().pageSize(16).nestedSetNumbers(1L << 24).atomicWrites(false)
                .open(strategy, name);
        Run run = new Run(seed, random, new TreeOracle());
        atomic.createRoot("r", Category.of("root"));
        run.oracle.createRoot("r", Category.of("root"));
        int count = operations();
        for (int step = 1; step <= count; step++) {
            Tree<Category> tree = random.nextBoolean() ? atomic : journaled;
            String touched;
            try {
                touched = run.step(tree, step);
            } catch (RuntimeException | AssertionError e) {
                throw new AssertionError(run.where(step) + ": " + e, e);
            }
            run.compareAround(tree, touched, step);
            if (step % FULL_CHECK_EVERY == 0 || step == count) {
                assertEquals(run.oracle.nodes(run.oracle.subtree("r", Integer.MAX_VALUE)), tree.subtree("r"),
                        run.where(step) + ": whole tree");
                TreeVerification check = tree.verify();
                assertTrue(check.problems().isEmpty() && !check.pendingChange() && check.strayJournal() == 0,
                        run.where(step) + ": " + check);
                assertEquals(run.oracle.size(), check.nodes(), run.where(step));
            }
        }
    }

    /** One random run: its seed, its random source and the oracle. */
    private record Run(long seed, Random random, TreeOracle oracle) {

        String where(int step) {
            return "seed " + seed + ", step " + step;
        }

        String anyNode() {
            List<String> ids = oracle.ids();
            return ids.get(random.nextInt(ids.size()));
        }

        String anyButRoot() {
            String id = anyNode();
            return id.equals(oracle.root()) ? oracle.ids().get(1) : id;
        }

        Position anyPosition(String parent, String moving) {
            List<String> siblings = oracle.children(parent).stream().filter(s -> !s.equals(moving)).toList();
            int pick = random.nextInt(5);
            if (siblings.isEmpty() || pick < 2) {
                return pick == 0 ? Position.first() : Position.last();
            }
            String sibling = siblings.get(random.nextInt(siblings.size()));
            return switch (pick) {
                case 2 -> Position.at(random.nextInt(siblings.size() + 1));
                case 3 -> Position.before(sibling);
                default -> Position.after(sibling);
            };
        }

        /** Applies one random operation to the tree and the oracle; returns the node it touched. */
        String step(Tree<Category> tree, int step) {
            int size = oracle.size();
            int roll = random.nextInt(100);
            if (size < 3 || roll < (size < TARGET_SIZE ? 40 : 25)) {
                String parent = anyNode();
                String id = "n" + step;
                Category payload = new Category("c" + random.nextInt(8), step);
                Position position = anyPosition(parent, id);
                tree.addChild(parent, id, payload, position);
                oracle.add(parent, id, payload, position);
                return id;
            }
            if (roll < 62) {
                String id = anyButRoot();
                String target = anyNode();
                Position position = anyPosition(target, id);
                if (oracle.within(target, id)) {
                    assertThrows(CycleException.class, () -> tree.move(id, target, position));
                    return id;
                }
                tree.move(id, target, position);
                oracle.move(id, target, position);
                return id;
            }
            if (roll < 74) {
                String id = anyButRoot();
                while (oracle.subtree(id, Integer.MAX_VALUE).size() > 8) {
                    id = oracle.children(id).get(0);
                }
                String parent = oracle.parent(id).orElseThrow();
                assertEquals(oracle.deleteSubtree(id).size(), tree.deleteSubtree(id));
                return parent;
            }
            if (roll < 82) {
                String id = anyButRoot();
                String parent = oracle.parent(id).orElseThrow();
                if (!oracle.children(id).isEmpty()) {
                    assertThrows(NodeHasChildrenException.class, () -> tree.delete(id));
                    return id;
                }
                tree.delete(id);
                oracle.deleteSubtree(id);
                return parent;
            }
            if (roll < 94) {
                String id = anyNode();
                Category payload = new Category("u" + random.nextInt(8), step);
                tree.update(id, payload);
                oracle.update(id, payload);
                return id;
            }
            switch (roll % 3) {
                case 0 -> assertThrows(DuplicateNodeException.class,
                        () -> tree.addChild(anyNode(), anyNode(), Category.of("dup")));
                case 1 -> assertThrows(NoSuchNodeException.class,
                        () -> tree.addChild("gone" + step, "x" + step, Category.of("orphan")));
                default -> assertThrows(NoSuchNodeException.class,
                        () -> tree.move("gone" + step, oracle.root(), Position.last()));
            }
            return oracle.root();
        }

        /** Compares the neighbourhood of a change, and one more query chosen by the step number. */
        void compareAround(Tree<Category> tree, String touched, int step) {
            String node = oracle.contains(touched) ? touched : oracle.root();
            String anchor = oracle.parent(node).orElse(node);
            String at = where(step) + " around '" + node + "'";
            assertEquals(oracle.nodes(oracle.subtree(anchor, 2)), tree.subtree(anchor, 2), at + ": subtree");
            switch (step % 6) {
                case 0 -> assertEquals(oracle.nodes(oracle.ancestors(node)), tree.ancestors(node), at + ": ancestors");
                case 1 -> assertEquals(oracle.nodes(oracle.children(node)), tree.children(node), at + ": children");
                case 2 -> assertEquals(oracle.ancestors(node).size(), tree.depth(node), at + ": depth");
                case 3 -> assertEquals(oracle.subtree(anchor, Integer.MAX_VALUE).size() - 1L,
                        tree.countDescendants(anchor), at + ": count");
                case 4 -> assertEquals(oracle.parent(node).map(oracle::node), tree.parent(node), at + ": parent");
                default -> {
                    if (!tree.get(node).equals(java.util.Optional.of(oracle.node(node)))) {
                        fail(at + ": get gave " + tree.get(node));
                    }
                }
            }
        }
    }
}
