package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.tree.PathPattern;
import dev.nosqlpatterns.tree.PathTree;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.TreeTooLargeException;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What only one layout does: partial-path matches of materialized paths and their sort-key limit, the
 * renumbering of nested sets, and the item limit of a tree aggregate.
 */
public abstract class TreeLayoutSuite extends TreeSuiteSupport {

    private PathTree<Category> eShopPaths() {
        PathTree<Category> tree = builder().materializedPaths(freshName());
        eShop(tree);
        tree.addChild("men-shoes", "men-sneakers", Category.of("Sneakers"));
        tree.addChild("women-shoes", "women-boots", Category.of("Boots"));
        return tree;
    }

    @Test
    void materializedPathsFindEveryNodeUnderAnyNodeNamedShoes() {
        PathTree<Category> tree = eShopPaths();
        assertEquals("/Catalog/Apparel/Men/Shoes/Sneakers", tree.path("men-sneakers"));
        CostTally tally = cost(() -> assertEquals(List.of("men-sneakers", "women-boots"),
                ids(tree.matching(PathPattern.under("Shoes")))));
        assertEquals(2, tally.roundTrips(), "the header and one query over the tree");
        assertEquals(List.of("men-shoes", "men-sneakers", "women-shoes", "women-boots"),
                ids(tree.matching(PathPattern.atOrUnder("Shoes"))));
        assertEquals(List.of("men-shoes", "women-shoes"), ids(tree.matching(PathPattern.parse("/Catalog/Apparel/*/Shoes"))));
        assertEquals(List.of("women-shoes", "women-boots"), ids(tree.matching(PathPattern.atOrUnder("Shoes"), "women")));
        assertEquals(List.of("cameras"), ids(tree.matching(PathPattern.parse("**/Cameras & Photo"))));
        assertEquals(List.of(), tree.matching(PathPattern.parse("/Apparel/**")));
        assertEquals(List.of("catalog"), ids(tree.matching(PathPattern.parse("/*"))));
    }

    @Test
    void materializedPathsFollowMovesAndRenames() {
        PathTree<Category> tree = eShopPaths();
        tree.move("women-boots", "men-shoes", Position.first());
        assertEquals("/Catalog/Apparel/Men/Shoes/Boots", tree.path("women-boots"));
        assertEquals(List.of("men-shoes", "women-boots", "men-sneakers"), ids(tree.subtree("men-shoes")));
        tree.update("men", new Category("Gentlemen", 3));
        assertEquals("/Catalog/Apparel/Gentlemen/Shoes/Boots", tree.path("women-boots"));
        assertEquals(List.of("women-boots", "men-sneakers"),
                ids(tree.matching(PathPattern.parse("/Catalog/Apparel/Gentlemen/Shoes/*"), "men-shoes")));
        tree.move("men", "electronics", Position.last());
        assertEquals("/Catalog/Electronics/Gentlemen/Shirts", tree.path("men-shirts"));
        assertSound(tree, 14);
    }

    @Test
    void materializedPathsRefuseLabelsWithTheSeparator() {
        PathTree<Category> tree = eShopPaths();
        IllegalArgumentException slash = assertThrows(IllegalArgumentException.class,
                () -> tree.addChild("men", "men-tshirts", Category.of("T-Shirts/Tops")));
        assertTrue(slash.getMessage().contains("'/'"), slash.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tree.update("men", Category.of("Men/Boys")));
        assertThrows(IllegalArgumentException.class, () -> PathPattern.parse("/Apparel//Shoes"));
        assertThrows(IllegalArgumentException.class, () -> PathPattern.under("a/b"));
        assertEquals("/Catalog/Apparel/Men", tree.path("men"));
        assertSound(tree, 14);
        for (TreeStrategy other : List.of(TreeStrategy.ADJACENCY_LIST, TreeStrategy.NESTED_SETS, TreeStrategy.AGGREGATE)) {
            Tree<Category> unlabelled = newTree(other);
            unlabelled.createRoot("r", Category.of("T-Shirts/Tops"));
            assertEquals("T-Shirts/Tops", unlabelled.get("r").orElseThrow().payload().name(), "only paths use labels");
        }
    }

    @Test
    void materializedPathsRefuseAPathPastTheSortKeyLimit() {
        int limit = store.limits().maxSortKeyBytes();
        Assumptions.assumeTrue(limit <= 4096, () -> "the " + store.kind() + " store allows sort keys of " + limit
                + " bytes; reaching that takes too many levels for a conformance test");
        PathTree<Category> tree = builder().materializedPaths(freshName());
        String pad = "p".repeat(100);
        tree.createRoot(pad + 0, Category.of("0"));
        int level = 1;
        TreeTooLargeException refused = null;
        while (refused == null) {
            String parent = pad + (level - 1);
            String id = pad + level;
            try {
                tree.addChild(parent, id, Category.of(Integer.toString(level)));
                level++;
            } catch (TreeTooLargeException e) {
                refused = e;
            }
        }
        assertTrue(refused.getMessage().contains(pad + level) && refused.limit() == limit, refused.getMessage());
        assertEquals(level, tree.subtree(pad + 0).size(), "nothing was written for the refused node");
        assertSound(tree, level);
    }

    @Test
    void nestedSetsRenumberWhenTheirGapsRunOut() {
        for (boolean atomic : new boolean[] {true, false}) {
            Tree<Category> tree = builder().nestedSetNumbers(64).atomicWrites(atomic).nestedSets(freshName());
            eShop(tree);
            for (int i = 0; i < 6; i++) {
                tree.addChild("digital", "d" + i, Category.of("d" + i), Position.first());
            }
            tree.move("women", "d3", Position.last());
            tree.move("phones", "digital", Position.after("d4"));
            assertEquals(List.of("digital", "d5", "d4", "phones", "d3", "women", "women-shoes", "women-dresses", "d2",
                    "d1", "d0"), ids(tree.subtree("digital")));
            assertEquals(List.of("d3", "digital", "cameras", "electronics", "catalog"), ids(tree.ancestors("women")));
            assertSound(tree, 18);
        }
    }

    @Test
    void nestedSetsRefuseMoreNodesThanTheirNumbersHold() {
        Tree<Category> tree = builder().nestedSetNumbers(16).nestedSets(freshName());
        tree.createRoot("r", Category.of("r"));
        int added = 0;
        try {
            for (; added < 20; added++) {
                tree.addChild("r", "n" + added, Category.of("n"));
            }
        } catch (dev.nosqlpatterns.tree.TreeException full) {
            assertTrue(full.getMessage().contains("nestedSetNumbers"), full.getMessage());
        }
        assertTrue(added >= 5 && added < 20, "16 numbers hold a few nodes, not twenty: " + added);
        assertSound(tree, added + 1);
    }

    @Test
    void anAggregateRefusesToGrowPastTheItemLimit() {
        long limit = store.limits().maxItemBytes();
        Tree<Category> tree = builder().label(c -> "n").aggregate(freshName());
        String bulk = "x".repeat((int) (limit / 4));
        tree.createRoot("r", Category.of("root"));
        int added = 0;
        TreeTooLargeException refused = null;
        while (refused == null && added < 10) {
            try {
                tree.addChild("r", "n" + added, Category.of(bulk));
                added++;
            } catch (TreeTooLargeException e) {
                refused = e;
            }
        }
        assertTrue(refused != null && refused.limit() == limit && refused.bytes() > limit,
                "the fifth quarter of the limit is refused: " + refused);
        assertTrue(refused.getMessage().contains("one item"), refused.getMessage());
        assertEquals(added + 1, tree.subtree("r").size(), "the refused node was not written");
        tree.update("n0", Category.of("small"));
        tree.addChild("r", "fits", Category.of("fits"));
        assertSound(tree, added + 2);
    }
}
