package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * What the tree suites share: trees of every strategy over the store under test, the category tree of
 * the eShop example, and readable comparisons of tree shapes.
 */
public abstract class TreeSuiteSupport extends StoreSuite {
    private static final AtomicLong TREES = new AtomicLong();
    private String table;

    /** The table of this test's trees, created on first use. */
    protected String table() {
        if (table == null) {
            table = newTable();
        }
        return table;
    }

    /** A fresh tree name. */
    protected static String freshName() {
        return "tree" + TREES.incrementAndGet();
    }

    /** A builder over the store under test, labelling nodes by category name. */
    protected Trees.Builder<Category> builder() {
        return builder(store);
    }

    protected Trees.Builder<Category> builder(Store over) {
        return Trees.builder(over, table(), Category.CODEC).label(Category::name);
    }

    /** A new, empty tree of {@code strategy}. */
    protected Tree<Category> newTree(TreeStrategy strategy) {
        return newTree(strategy, b -> b);
    }

    protected Tree<Category> newTree(TreeStrategy strategy, UnaryOperator<Trees.Builder<Category>> options) {
        return options.apply(builder()).open(strategy, freshName());
    }

    /**
     * The category tree of the eShop example: Catalog with Apparel (Men: Shoes,
     * Shirts; Women: Shoes, Dresses) and Electronics (Cameras and Photo: Digital Cameras; Cell Phones).
     */
    protected static void eShop(Tree<Category> tree) {
        tree.createRoot("catalog", Category.of("Catalog"));
        tree.addChild("catalog", "apparel", Category.of("Apparel"));
        tree.addChild("catalog", "electronics", Category.of("Electronics"));
        tree.addChild("apparel", "men", Category.of("Men"));
        tree.addChild("apparel", "women", Category.of("Women"));
        tree.addChild("men", "men-shoes", new Category("Shoes", 120));
        tree.addChild("men", "men-shirts", new Category("Shirts", 80));
        tree.addChild("women", "women-shoes", new Category("Shoes", 150));
        tree.addChild("women", "women-dresses", new Category("Dresses", 95));
        tree.addChild("electronics", "cameras", Category.of("Cameras & Photo"));
        tree.addChild("cameras", "digital", new Category("Digital Cameras", 40));
        tree.addChild("electronics", "phones", new Category("Cell Phones", 60));
    }

    /**
     * A random tree of {@code size} nodes in a parents-first order, as a bulk load takes it: node
     * {@code n<k>} under a random earlier node, so children come in the order they were drawn.
     */
    protected static List<TreeNode<Category>> randomTree(Random random, int size) {
        List<TreeNode<Category>> out = new ArrayList<>(size);
        out.add(new TreeNode<>("n0", Optional.empty(), new Category("root", 0)));
        for (int k = 1; k < size; k++) {
            out.add(new TreeNode<>("n" + k, Optional.of("n" + random.nextInt(k)),
                    new Category("c" + random.nextInt(8), k)));
        }
        return out;
    }

    /** Builds {@code nodes} (parents first) one {@code createRoot} or {@code addChild} at a time. */
    protected static void addOneByOne(Tree<Category> tree, List<TreeNode<Category>> nodes) {
        for (TreeNode<Category> n : nodes) {
            if (n.parent().isEmpty()) {
                tree.createRoot(n.id(), n.payload());
            } else {
                tree.addChild(n.parent().get(), n.id(), n.payload());
            }
        }
    }

    /** The ids of nodes, in order. */
    protected static List<String> ids(List<TreeNode<Category>> nodes) {
        return nodes.stream().map(TreeNode::id).toList();
    }

    /** The whole tree as {@code "id<parent:name"} lines in pre-order, or empty when it has no root. */
    protected static List<String> shape(Tree<Category> tree) {
        return tree.root().map(r -> tree.subtree(r.id()).stream()
                .map(n -> n.id() + "<" + n.parent().orElse("") + ":" + n.payload().name()).toList())
                .orElse(List.of());
    }

    /** Asserts that verify finds nothing wrong and counts {@code nodes} nodes. */
    protected static void assertSound(Tree<Category> tree, long nodes) {
        TreeVerification check = tree.verify();
        assertTrue(check.problems().isEmpty() && !check.pendingChange(), () -> "verify: " + check);
        assertEquals(nodes, check.nodes(), () -> "verify: " + check);
    }

    /** Runs {@code body} and returns what it cost. */
    protected CostTally cost(Runnable body) {
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            body.run();
        });
        return tally;
    }
}
