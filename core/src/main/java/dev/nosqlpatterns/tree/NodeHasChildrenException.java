package dev.nosqlpatterns.tree;

/**
 * {@link Tree#delete} was asked to delete a node that has children; deleting them too must be asked
 * for with {@link Tree#deleteSubtree}. Nothing was written.
 */
public class NodeHasChildrenException extends TreeException {
    private final String node;

    public NodeHasChildrenException(String tree, String node) {
        super(tree, "node '" + node + "' has children; delete them first or call deleteSubtree('" + node
                + "') to delete it with all its descendants");
        this.node = node;
    }

    /** The node that still has children. */
    public String node() {
        return node;
    }
}
