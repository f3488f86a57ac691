package dev.nosqlpatterns.tree;

import java.util.List;

/**
 * A {@link Tree} laid out as materialized paths, which can also find nodes by partial paths: each node
 * stores the readable path of the labels from the root to itself, e.g. {@code /Apparel/Men/Shoes}, so
 * "all nodes under any node labelled Shoes" is a pattern match over a flat range instead of a traversal
 * (a regular expression over readable paths).
 *
 * <p>Labels come from payloads (see {@link Trees.Builder#label}), default to node ids, and need not be
 * unique. A label may not contain {@code '/'}, the path separator.
 *
 * @param <T> the payload type
 */
public interface PathTree<T> extends Tree<T> {

    /**
     * Nodes of the whole tree whose label path matches {@code pattern}, in pre-order. Costs one header
     * read plus one prefix query over the whole tree (plus pages).
     */
    List<TreeNode<T>> matching(PathPattern pattern);

    /**
     * Nodes at or below {@code underId} whose full label path (from the root) matches {@code pattern},
     * in pre-order. Costs 1 plus one prefix query over that subtree (plus pages).
     *
     * @throws NoSuchNodeException when {@code underId} does not exist
     */
    List<TreeNode<T>> matching(PathPattern pattern, String underId);

    /**
     * The readable label path of a node, from the root: {@code "/" + label(root) + "/" + ... + label(node)}.
     *
     * @throws NoSuchNodeException when it does not exist
     */
    String path(String id);
}
