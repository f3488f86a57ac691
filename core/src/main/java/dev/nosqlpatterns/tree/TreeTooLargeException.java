package dev.nosqlpatterns.tree;

/**
 * A change would make an item of the tree larger than the store allows: the whole tree of a
 * {@link TreeStrategy#AGGREGATE} tree, or one node (with its path) of another layout. Nothing was written.
 */
public class TreeTooLargeException extends TreeException {
    private final long bytes;
    private final long limit;

    public TreeTooLargeException(String tree, String what, long bytes, long limit, String advice) {
        super(tree, what + " would take " + bytes + " bytes, more than the store's limit of " + limit
                + "; nothing was written. " + advice);
        this.bytes = bytes;
        this.limit = limit;
    }

    /** The size the change would have reached. */
    public long bytes() {
        return bytes;
    }

    /** The store's limit that it would have exceeded. */
    public long limit() {
        return limit;
    }
}
