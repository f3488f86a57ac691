package dev.nosqlpatterns.tree;

/**
 * A change kept losing races against concurrent changes of the same tree and gave up after the
 * configured number of attempts ({@link Trees.Builder#maxAttempts}). Nothing was written; retrying
 * later is safe.
 */
public class TreeConflictException extends TreeException {
    public TreeConflictException(String tree, String operation, int attempts) {
        super(tree, operation + " gave up after " + attempts
                + " attempts, each overtaken by a concurrent change of the tree; nothing was written");
    }

    /** True: concurrent changes of the tree overtook this one. */
    @Override
    public boolean isConflict() {
        return true;
    }
}
