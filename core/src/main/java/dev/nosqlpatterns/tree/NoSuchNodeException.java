package dev.nosqlpatterns.tree;

/** An operation named a node the tree does not have. Nothing was written. */
public class NoSuchNodeException extends TreeException {
    private final String node;

    public NoSuchNodeException(String tree, String node, String role) {
        super(tree, "no " + role + " '" + node + "'");
        this.node = node;
    }

    /** The id that was not found. */
    public String node() {
        return node;
    }
}
