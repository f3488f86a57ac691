package dev.nosqlpatterns.tree;

/** A move would put a node under itself or one of its own descendants. Nothing was written. */
public class CycleException extends TreeException {
    private final String node;
    private final String newParent;

    public CycleException(String tree, String node, String newParent) {
        super(tree, "cannot move '" + node + "' under '" + newParent + "': "
                + (node.equals(newParent) ? "a node cannot be its own parent"
                : "'" + newParent + "' lies in the subtree of '" + node + "', so the move would make a cycle"));
        this.node = node;
        this.newParent = newParent;
    }

    /** The node that was to move. */
    public String node() {
        return node;
    }

    /** The refused new parent. */
    public String newParent() {
        return newParent;
    }
}
