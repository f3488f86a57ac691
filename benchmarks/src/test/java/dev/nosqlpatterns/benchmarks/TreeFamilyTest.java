package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.tree.TreeNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tree shapes of the full mode: sizes, depth, the fixed subtrees and the oracle's descendants. */
class TreeFamilyTest {

    @Test
    void theFullTreesStayWithinEightLevelsBelowTheRoot() {
        for (int size : TreeFamily.FULL_SIZES) {
            TreeFamily.Shape shape = new TreeFamily.Shape(size, TreeFamily.FULL_FANOUT);
            int deepest = size - 1;
            int depth = 0;
            for (int k = deepest; k > 0; k = (k - 1) / TreeFamily.FULL_FANOUT) {
                depth++;
            }
            assertTrue(depth <= 8, size + " nodes reach depth " + depth);
        }
    }

    @Test
    void everySizeHasTwoCompleteSubtreesOfTheFixedSize() {
        for (int size : TreeFamily.FULL_SIZES) {
            TreeFamily.Shape shape = new TreeFamily.Shape(size, TreeFamily.FULL_FANOUT);
            int[] roots = shape.completeSubtrees(TreeFamily.SUBTREE, 3);
            assertTrue(roots.length >= 2, "size " + size);
            for (int root : roots) {
                assertEquals(TreeFamily.SUBTREE, shape.descendants(root).size(), "size " + size + ", root " + root);
            }
        }
        assertArrayEquals(new int[] {2, 3, 4, 5, 6}, new TreeFamily.Shape(1_000, 5).completeSubtrees(TreeFamily.SUBTREE, 3));
    }

    @Test
    void nodesComeParentsFirstWithEveryIdOnce() {
        TreeFamily.Shape shape = new TreeFamily.Shape(1_000, 5);
        Set<String> seen = new HashSet<>();
        List<TreeNode<String>> nodes = shape.nodes().toList();
        for (TreeNode<String> n : nodes) {
            assertTrue(n.parent().map(seen::contains).orElse(seen.isEmpty()), n.toString());
            assertTrue(seen.add(n.id()), n.id());
        }
        assertEquals(1_000, seen.size());
        assertEquals(List.of("n5", "n26", "n27", "n28", "n29", "n30"), shape.descendants(5).subList(0, 6));
        assertEquals(1_000, shape.descendants(0).size());
    }
}
