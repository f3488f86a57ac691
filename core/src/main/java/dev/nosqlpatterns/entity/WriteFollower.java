package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Key;

/**
 * Told of each write of one entity type through an {@link EntityRepository}, registered with
 * {@link EntityRepository#follow}.
 *
 * <p>Why: a second form of a type's items (a migration's new keys or new index entries) stays in step with the
 * first only if every write of the first is followed by a write of the second; the repository is the one door
 * all entity writes go through, so it is where that is hooked. The follower is given the key written, not the
 * item, so that it reads the item as it is after the write, whoever wrote last.
 */
public interface WriteFollower {

    /**
     * Called before the item at {@code key} is written or deleted; throwing refuses the write (nothing is
     * written). Does nothing by default.
     */
    default void beforeWrite(Key key) {
    }

    /**
     * Called after the write of the item at {@code key} returned, whether it changed the item or not (a delete of
     * nothing, a conditional write that failed). Not called when the write threw.
     */
    void afterWrite(Key key);
}
