package dev.nosqlpatterns.tree;

import java.util.Objects;

/**
 * A tree operation that was refused or could not complete; it names the tree concerned. Unless a
 * subclass says otherwise, nothing was written. Subclasses name the common reasons.
 */
public class TreeException extends RuntimeException {
    private final String tree;

    public TreeException(String tree, String message) {
        this(tree, message, null);
    }

    public TreeException(String tree, String message, Throwable cause) {
        super("tree '" + tree + "': " + message, cause);
        this.tree = Objects.requireNonNull(tree, "tree");
    }

    /** The name of the tree. */
    public String tree() {
        return tree;
    }

    /**
     * Whether contention explains this failure: concurrent changes of the tree overtook this one on every
     * attempt, so retrying later can succeed. False here; true for {@link TreeConflictException}. Metrics and
     * tracing bindings count these as conflicts rather than errors, as {@code StoreException.isConflict()}.
     */
    public boolean isConflict() {
        return false;
    }
}
