package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.tree.CycleException;
import dev.nosqlpatterns.tree.DuplicateNodeException;
import dev.nosqlpatterns.tree.NoSuchNodeException;
import dev.nosqlpatterns.tree.NodeHasChildrenException;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeException;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.TreeTooLargeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The one tree API, on every strategy: reads, positions, moves, deletes, bulk loads and every refused
 * input.
 */
public abstract class TreeSuite extends TreeSuiteSupport {
    /** Nodes of the trees bulk loaded and compared with trees built node by node. */
    private static final int LOADED = 200;

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void theEShopCategoriesReadBackByEveryQuery(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        assertEquals(List.of("catalog", "apparel", "men", "men-shoes", "men-shirts", "women", "women-shoes",
                "women-dresses", "electronics", "cameras", "digital", "phones"), ids(tree.subtree("catalog")));
        assertEquals(List.of("apparel", "men", "women"), ids(tree.subtree("apparel", 1)));
        assertEquals(List.of("women"), ids(tree.subtree("women", 0)));
        assertEquals(List.of("men", "women"), ids(tree.children("apparel")));
        assertEquals(List.of(), tree.children("digital"));
        assertEquals(List.of("cameras", "electronics", "catalog"), ids(tree.ancestors("digital")));
        assertEquals(List.of(), tree.ancestors("catalog"));
        assertEquals(3, tree.depth("digital"));
        assertEquals(0, tree.depth("catalog"));
        assertEquals(11, tree.countDescendants("catalog"));
        assertEquals(0, tree.countDescendants("phones"));
        assertEquals(Optional.of("women"), tree.parent("women-shoes").map(TreeNode::id));
        assertEquals(Optional.empty(), tree.parent("catalog"));
        assertEquals(new TreeNode<>("women-shoes", Optional.of("women"), new Category("Shoes", 150)),
                tree.get("women-shoes").orElseThrow());
        assertEquals("catalog", tree.root().orElseThrow().id());
        assertTrue(tree.root().orElseThrow().isRoot());
        assertEquals(Optional.empty(), tree.get("garden"));
        assertEquals(strategy, tree.strategy());
        assertSound(tree, 12);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void positionsPlaceChildrenAmongTheirSiblings(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        tree.createRoot("r", Category.of("r"));
        tree.addChild("r", "c", Category.of("c"));
        tree.addChild("r", "a", Category.of("a"), Position.first());
        tree.addChild("r", "e", Category.of("e"), Position.last());
        tree.addChild("r", "b", Category.of("b"), Position.after("a"));
        tree.addChild("r", "d", Category.of("d"), Position.before("e"));
        tree.addChild("r", "x", Category.of("x"), Position.at(5));
        tree.addChild("r", "w", Category.of("w"), Position.at(0));
        assertEquals(List.of("w", "a", "b", "c", "d", "e", "x"), ids(tree.children("r")));
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("r", "y", Category.of("y"), Position.at(8)));
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("r", "y", Category.of("y"),
                Position.before("nobody")));
        tree.addChild("a", "a1", Category.of("a1"));
        IllegalArgumentException notASibling = assertThrows(IllegalArgumentException.class,
                () -> tree.addChild("r", "y", Category.of("y"), Position.after("a1")));
        assertTrue(notASibling.getMessage().contains("not a child of 'r'"), notASibling.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Position.at(-1));
        assertEquals(List.of("w", "a", "b", "c", "d", "e", "x"), ids(tree.children("r")));
        assertSound(tree, 9);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void movesCarryTheWholeSubtree(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        tree.move("cameras", "apparel", Position.after("men"));
        assertEquals(List.of("apparel", "men", "men-shoes", "men-shirts", "cameras", "digital", "women",
                "women-shoes", "women-dresses"), ids(tree.subtree("apparel")));
        assertEquals(List.of("cameras", "apparel", "catalog"), ids(tree.ancestors("digital")));
        assertEquals(3, tree.depth("digital"));
        assertEquals(Optional.of("apparel"), tree.parent("cameras").map(TreeNode::id));
        tree.move("women", "apparel", Position.first());
        assertEquals(List.of("women", "men", "cameras"), ids(tree.children("apparel")));
        tree.move("women", "apparel", Position.first());
        assertEquals(List.of("women", "men", "cameras"), ids(tree.children("apparel")));
        tree.move("men", "digital", Position.last());
        assertEquals(4, tree.depth("men"));
        assertEquals(5, tree.depth("men-shirts"));
        assertEquals(List.of("catalog", "apparel", "women", "women-shoes", "women-dresses", "cameras", "digital",
                "men", "men-shoes", "men-shirts", "electronics", "phones"), ids(tree.subtree("catalog")));
        assertEquals(List.of("digital", "men"), ids(tree.subtree("digital", 1)));
        assertSound(tree, 12);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aMoveUnderItsOwnDescendantIsRefusedAsACycle(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        List<String> before = shape(tree);
        CycleException deep = assertThrows(CycleException.class, () -> tree.move("apparel", "women-shoes", Position.last()));
        assertEquals("apparel", deep.node());
        assertEquals("women-shoes", deep.newParent());
        assertThrows(CycleException.class, () -> tree.move("men", "men", Position.last()));
        assertThrows(CycleException.class, () -> tree.move("men", "men-shirts", Position.first()));
        IllegalArgumentException root = assertThrows(IllegalArgumentException.class,
                () -> tree.move("catalog", "men", Position.last()));
        assertTrue(root.getMessage().contains("root"), root.getMessage());
        assertEquals(before, shape(tree));
        assertSound(tree, 12);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void missingNodesAreRefusedByName(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        List<String> before = shape(tree);
        NoSuchNodeException parent = assertThrows(NoSuchNodeException.class,
                () -> tree.addChild("garden", "tools", Category.of("Tools")));
        assertEquals("garden", parent.node());
        assertTrue(parent.getMessage().contains("garden") && parent.getMessage().contains(tree.name()),
                parent.getMessage());
        assertThrows(NoSuchNodeException.class, () -> tree.move("garden", "men", Position.last()));
        assertThrows(NoSuchNodeException.class, () -> tree.move("men", "garden", Position.last()));
        assertThrows(NoSuchNodeException.class, () -> tree.children("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.subtree("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.ancestors("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.depth("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.parent("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.countDescendants("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.update("garden", Category.of("Garden")));
        assertThrows(NoSuchNodeException.class, () -> tree.delete("garden"));
        assertThrows(NoSuchNodeException.class, () -> tree.deleteSubtree("garden"));
        assertEquals(before, shape(tree));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void deletingANodeWithChildrenMustBeAskedFor(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        NodeHasChildrenException root = assertThrows(NodeHasChildrenException.class, () -> tree.delete("catalog"));
        assertTrue(root.getMessage().contains("deleteSubtree"), root.getMessage());
        assertThrows(NodeHasChildrenException.class, () -> tree.delete("women"));
        assertEquals(12, shape(tree).size());
        tree.delete("women-dresses");
        assertEquals(List.of("women-shoes"), ids(tree.children("women")));
        assertEquals(4, tree.deleteSubtree("electronics"));
        assertEquals(List.of("apparel"), ids(tree.children("catalog")));
        assertEquals(Optional.empty(), tree.get("digital"));
        assertSound(tree, 7);
        assertEquals(7, tree.deleteSubtree("catalog"));
        assertEquals(Optional.empty(), tree.root());
        assertEquals(List.of(), shape(tree));
        assertSound(tree, 0);
        tree.createRoot("fresh", Category.of("Fresh"));
        tree.delete("fresh");
        assertEquals(Optional.empty(), tree.root());
        tree.createRoot("catalog", Category.of("Catalog"));
        tree.addChild("catalog", "men", Category.of("Men"));
        assertEquals(List.of("catalog<:Catalog", "men<catalog:Men"), shape(tree));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void idsAreUniqueAndATreeHasOneRoot(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        DuplicateNodeException dup = assertThrows(DuplicateNodeException.class,
                () -> tree.addChild("women", "men-shoes", Category.of("Shoes")));
        assertEquals("men-shoes", dup.node());
        assertThrows(DuplicateNodeException.class, () -> tree.addChild("catalog", "catalog", Category.of("x")));
        TreeException secondRoot = assertThrows(TreeException.class, () -> tree.createRoot("other", Category.of("x")));
        assertTrue(secondRoot.getMessage().contains("catalog"), secondRoot.getMessage());
        assertSound(tree, 12);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void badIdsArePathSegmentsThatAreRefusedBeforeAnyWrite(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        IllegalArgumentException slash = assertThrows(IllegalArgumentException.class,
                () -> tree.addChild("men", "shoes/boots", Category.of("Boots")));
        assertTrue(slash.getMessage().contains("'/'") && slash.getMessage().contains("shoes/boots"),
                slash.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("men", "", Category.of("x")));
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("men", "tab\there", Category.of("x")));
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("men", "x".repeat(129), Category.of("x")));
        assertThrows(IllegalArgumentException.class, () -> tree.addChild("men", "bad\uD800", Category.of("x")));
        assertThrows(NullPointerException.class, () -> tree.addChild("men", "boots", null));
        assertThrows(NullPointerException.class, () -> tree.addChild("men", null, Category.of("x")));
        assertThrows(IllegalArgumentException.class, () -> tree.move("men/x", "women", Position.last()));
        assertThrows(IllegalArgumentException.class, () -> tree.subtree("men", -1));
        assertThrows(IllegalArgumentException.class, () -> builder().open(strategy, "a/b"));
        tree.addChild("men", "ünïcödé-😀", Category.of("Unicode"));
        assertEquals(List.of("men-shoes", "men-shirts", "ünïcödé-😀"), ids(tree.children("men")));
        assertSound(tree, 13);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void updatesReplaceAPayloadInPlace(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        eShop(tree);
        tree.update("men", new Category("Gentlemen", 7));
        assertEquals(new Category("Gentlemen", 7), tree.get("men").orElseThrow().payload());
        assertEquals(List.of("men", "women"), ids(tree.children("apparel")));
        assertEquals("Gentlemen", tree.ancestors("men-shoes").get(0).payload().name());
        assertFalse(tree.verify().pendingChange());
        assertSound(tree, 12);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aBulkLoadBuildsTheTreeThatAddingNodeByNodeBuilds(TreeStrategy strategy) {
        long seed = Long.getLong("nosqlpatterns.tree.seed", System.nanoTime());
        Random random = new Random(seed);
        String at = strategy + ", seed " + seed;
        List<TreeNode<Category>> nodes = randomTree(random, LOADED);
        Tree<Category> byNode = newTree(strategy);
        addOneByOne(byNode, nodes);
        Tree<Category> loaded = newTree(strategy);
        CostTally cost = cost(() -> assertEquals(LOADED, loaded.load(nodes), at));
        assertTrue(cost.calls() <= 4 + 2 * LOADED / 100, at + ": a load writes in batches, not per node: " + cost);
        assertEquals(shape(byNode), shape(loaded), at + ": the whole tree");
        assertSound(loaded, LOADED);
        for (int q = 0; q < 20; q++) {
            String id = "n" + random.nextInt(LOADED);
            String where = at + ", node " + id;
            assertEquals(byNode.subtree(id), loaded.subtree(id), where + ": subtree");
            assertEquals(byNode.subtree(id, 1), loaded.subtree(id, 1), where + ": subtree 1 deep");
            assertEquals(byNode.children(id), loaded.children(id), where + ": children");
            assertEquals(byNode.parent(id), loaded.parent(id), where + ": parent");
            assertEquals(byNode.ancestors(id), loaded.ancestors(id), where + ": ancestors");
            assertEquals(byNode.depth(id), loaded.depth(id), where + ": depth");
            assertEquals(byNode.countDescendants(id), loaded.countDescendants(id), where + ": count");
            assertEquals(byNode.get(id), loaded.get(id), where + ": get");
        }
        String moving = "n" + (1 + random.nextInt(LOADED - 1));
        List<String> below = ids(byNode.subtree(moving));
        String target = "n" + random.nextInt(LOADED);
        while (below.contains(target)) {
            target = "n" + random.nextInt(LOADED);
        }
        for (Tree<Category> t : List.of(byNode, loaded)) {
            t.move(moving, target, Position.first());
            t.addChild(moving, "later", Category.of("later"), Position.at(0));
            t.addChild("n0", "last", Category.of("last"));
        }
        assertEquals(shape(byNode), shape(loaded), at + ": after moving '" + moving + "' under '" + target + "'");
        assertSound(loaded, LOADED + 2);
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void aBulkLoadChecksItsWholeInputFirstAndNamesTheBadNode(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        TreeNode<Category> r = node("r", null);
        Map<String, List<TreeNode<Category>>> bad = new LinkedHashMap<>();
        bad.put("no nodes", List.of());
        bad.put("('b') has no parent, but 'r'", List.of(r, node("a", "r"), node("b", null)));
        bad.put("names the parent 'x'", List.of(r, node("a", "r"), node("b", "x")));
        bad.put("the id 'a' appears twice", List.of(r, node("a", "r"), node("a", "r")));
        bad.put("'a/b' contains '/'", List.of(r, node("a/b", "r")));
        bad.put("('a') names the parent 'r'", List.of(node("a", "r"), r));
        for (Map.Entry<String, List<TreeNode<Category>>> c : bad.entrySet()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tree.load(c.getValue()),
                    c.getKey());
            assertTrue(e.getMessage().contains(c.getKey()), () -> "expected '" + c.getKey() + "' in: " + e.getMessage());
            assertEquals(Optional.empty(), tree.root(), c.getKey() + ": nothing was written");
        }
        assertSound(tree, 0);
        // A node the store cannot hold, anywhere in the load, writes nothing: every item is checked first.
        String huge = "x".repeat(store.limits().maxItemBytes() + 1);
        for (int at = 1; at <= 3; at++) {
            List<TreeNode<Category>> nodes = new ArrayList<>(List.of(r, node("a", "r"), node("b", "r")));
            nodes.add(at, new TreeNode<>("big", Optional.of("r"), Category.of(huge)));
            RuntimeException tooLarge = assertThrows(RuntimeException.class, () -> tree.load(nodes));
            assertTrue(tooLarge.getMessage().length() < 2000, "a short message: " + tooLarge.getMessage().length());
            assertEquals(Optional.empty(), tree.root(), "an unstorable node at " + at + ": nothing was written");
        }
        assertSound(tree, 0);
        assertEquals(2, tree.load(List.of(r, node("a", "r"))));
        TreeException full = assertThrows(TreeException.class, () -> tree.load(List.of(node("s", null))));
        assertTrue(full.getMessage().contains("empty tree only"), full.getMessage());
        assertEquals(List.of("r<:r", "a<r:a"), shape(tree));
        tree.deleteSubtree("r");
        assertEquals(1, tree.load(List.of(node("s", null))), "a tree emptied by deleting its root takes a load");
        assertSound(tree, 1);
    }

    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = "AGGREGATE")
    void aBulkLoadTooLargeForOneItemIsRefusedBeforeWriting(TreeStrategy strategy) {
        Tree<Category> tree = newTree(strategy);
        String big = "x".repeat(30_000);
        int count = store.limits().maxItemBytes() / big.length() + 2;
        List<TreeNode<Category>> nodes = new ArrayList<>();
        nodes.add(node("r", null));
        for (int k = 1; k < count; k++) {
            nodes.add(new TreeNode<>("n" + k, Optional.of("r"), Category.of(big)));
        }
        TreeTooLargeException e = assertThrows(TreeTooLargeException.class, () -> tree.load(nodes));
        assertTrue(e.bytes() > e.limit(), e.getMessage());
        assertEquals(Optional.empty(), tree.root());
    }

    private static TreeNode<Category> node(String id, String parent) {
        return new TreeNode<>(id, Optional.ofNullable(parent), Category.of(id));
    }
}
