package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hierarchies (techniques 11 to 14): the same tree kept as adjacency lists, materialized paths, nested
 * sets and one aggregate item, compared on reading a subtree, adding a leaf and moving a small subtree.
 * The tree is complete ternary (node k's parent is node (k-1)/3), so its depth grows with its size: 150
 * nodes are 5 levels deep in the quick mode, 1,500 nodes 7 levels in the full mode.
 */
final class TreeFamily implements Family {
    static final int FANOUT = 3;
    private static final PayloadCodec<String> CODEC = PayloadCodec.of(
            label -> Map.of("label", Value.of(label)), attributes -> attributes.get("label") instanceof Value.Str s
                    ? s.value() : "");
    /** Subtree roots read: the root, depth-1, depth-2 and depth-3 nodes. */
    private static final int[] SUBTREE_ROOTS = {0, 1, 2, 4, 5, 13, 14, 3};

    @Override
    public String name() {
        return "trees";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        int nodes = 150 * scale;
        List<Candidate> out = new ArrayList<>();
        Lazy<String> table = new Lazy<>(() -> {
            String t = tables.next("trees");
            store.createTable(TableSpec.named(t));
            return t;
        });
        for (TreeStrategy strategy : TreeStrategy.values()) {
            String technique = label(strategy);
            Lazy<Tree<String>> tree = new Lazy<>(() -> build(Trees.builder(store, table.get(), CODEC)
                    .open(strategy, "t" + strategy.tag()), nodes));
            out.add(Candidate.of("read a subtree (" + nodes + " nodes)", technique, () -> subtree(technique, tree, nodes, scale)));
            out.add(Candidate.of("add a leaf", technique, () -> addLeaf(technique, tree)));
            out.add(Candidate.of("move a 4-node subtree", technique, () -> move(technique, tree)));
        }
        return out;
    }

    static String label(TreeStrategy strategy) {
        return switch (strategy) {
            case ADJACENCY_LIST -> "adjacency list";
            case MATERIALIZED_PATHS -> "materialized path";
            case NESTED_SETS -> "nested sets";
            case AGGREGATE -> "tree aggregate";
        };
    }

    static String id(int k) {
        return "n" + k;
    }

    static int parentOf(int k) {
        return (k - 1) / FANOUT;
    }

    private static Tree<String> build(Tree<String> tree, int nodes) {
        tree.createRoot(id(0), "root");
        for (int k = 1; k < nodes; k++) {
            tree.addChild(id(parentOf(k)), id(k), "node " + k);
        }
        return tree;
    }

    /** Ids of node {@code root} and its descendants among the first {@code nodes} nodes. */
    static List<String> descendants(int root, int nodes) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            int a = k;
            while (a > root) {
                a = parentOf(a);
            }
            if (a == root) {
                out.add(id(k));
            }
        }
        return out;
    }

    private static CellSpec subtree(String technique, Lazy<Tree<String>> tree, int nodes, int scale) {
        tree.get();
        List<List<String>> expected = new ArrayList<>();
        for (int root : SUBTREE_ROOTS) {
            expected.add(descendants(root, nodes));
        }
        int n = SUBTREE_ROOTS.length;
        return CellSpec.read(technique, n, 2 * n * scale,
                i -> Answer.anyOrder(tree.get().subtree(id(SUBTREE_ROOTS[i % n])).stream().map(TreeNode::id).toList()),
                i -> Answer.anyOrder(expected.get(i % n)), -1);
    }

    /** Each operation adds leaf {@code w<i>} under a depth-2 node; read back: its parent. */
    private static CellSpec addLeaf(String technique, Lazy<Tree<String>> tree) {
        return CellSpec.write(technique, 3, 10, i -> {
            tree.get().addChild(id(4 + i % 9), "w" + i, "leaf " + i);
            return null;
        }, i -> Answer.inOrder(tree.get().parent("w" + i).map(TreeNode::id).stream().toList()),
                i -> Answer.inOrder(List.of(id(4 + i % 9))), 1);
    }

    /**
     * A subtree of four nodes ({@code m} with children {@code m1..m3}) moves under depth-2 node
     * {@code 4 + i % 9} at operation {@code i}; read back: its new parent and its unchanged size.
     */
    private static CellSpec move(String technique, Lazy<Tree<String>> tree) {
        Tree<String> t = tree.get();
        t.addChild(id(3), "m", "moving");
        for (int c = 1; c <= 3; c++) {
            t.addChild("m", "m" + c, "moving child " + c);
        }
        return CellSpec.write(technique, 3, 10, i -> {
            tree.get().move("m", id(4 + i % 9), Position.last());
            return null;
        }, i -> Answer.inOrder(List.of(tree.get().parent("m").map(TreeNode::id).orElse("?"),
                        Long.toString(tree.get().countDescendants("m")))),
                i -> Answer.inOrder(List.of(id(4 + i % 9), "3")), 1);
    }
}
