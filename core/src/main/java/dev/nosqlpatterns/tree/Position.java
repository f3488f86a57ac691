package dev.nosqlpatterns.tree;

import java.util.Objects;

/**
 * Where a node goes among the children of its (new) parent.
 *
 * <p>Positions name places relative to the parent's other children, so the same position means the
 * same thing when a node is added and when it is moved (the moving node itself is not counted).
 * Whether a position exists is checked against the tree before anything is written.
 */
public sealed interface Position {

    /** Before every other child. */
    static Position first() {
        return First.INSTANCE;
    }

    /** After every other child. */
    static Position last() {
        return Last.INSTANCE;
    }

    /** At index {@code index} of the resulting child list: 0 is first, the number of other children is last. */
    static Position at(int index) {
        return new At(index);
    }

    /** Immediately before the child {@code siblingId}. */
    static Position before(String siblingId) {
        return new Before(siblingId);
    }

    /** Immediately after the child {@code siblingId}. */
    static Position after(String siblingId) {
        return new After(siblingId);
    }

    /** @see Position#first() */
    record First() implements Position {
        static final First INSTANCE = new First();
    }

    /** @see Position#last() */
    record Last() implements Position {
        static final Last INSTANCE = new Last();
    }

    /** @see Position#at(int) */
    record At(int index) implements Position {
        public At {
            if (index < 0) {
                throw new IllegalArgumentException("a child position index must be 0 or more, got " + index);
            }
        }
    }

    /** @see Position#before(String) */
    record Before(String sibling) implements Position {
        public Before {
            Objects.requireNonNull(sibling, "the sibling id of a 'before' position must not be null");
        }
    }

    /** @see Position#after(String) */
    record After(String sibling) implements Position {
        public After {
            Objects.requireNonNull(sibling, "the sibling id of an 'after' position must not be null");
        }
    }
}
