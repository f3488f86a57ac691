package dev.nosqlpatterns.tree;

import java.util.Objects;
import java.util.Optional;

/**
 * One node as read from a {@link Tree}: its id, its parent's id (empty for the root) and its payload.
 *
 * <p>A snapshot: later changes to the tree do not change it. Depth is not part of it because some
 * layouts (adjacency lists) pay one request per level to learn it; ask {@link Tree#depth} when needed.
 *
 * @param <T> the payload type
 */
public record TreeNode<T>(String id, Optional<String> parent, T payload) {

    public TreeNode {
        Objects.requireNonNull(id, "node id must not be null");
        Objects.requireNonNull(parent, "parent must not be null (use Optional.empty() for the root)");
        Objects.requireNonNull(payload, () -> "payload of node '" + id + "' must not be null");
    }

    /** True for the root, the one node without a parent. */
    public boolean isRoot() {
        return parent.isEmpty();
    }
}
