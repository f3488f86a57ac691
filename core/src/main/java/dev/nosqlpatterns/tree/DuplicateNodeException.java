package dev.nosqlpatterns.tree;

/** A node was added with an id the tree already has; ids are unique per tree. Nothing was written. */
public class DuplicateNodeException extends TreeException {
    private final String node;

    public DuplicateNodeException(String tree, String node) {
        super(tree, "it already has a node '" + node + "'; node ids are unique within a tree");
        this.node = node;
    }

    /** The id that is taken. */
    public String node() {
        return node;
    }
}
