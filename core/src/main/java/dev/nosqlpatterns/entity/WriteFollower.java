package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;

/**
 * Told of each write of one entity type through an {@link EntityRepository}, registered with
 * {@link EntityRepository#follow}.
 *
 * <p>Why: a second form of a type's items (a migration's new keys or new index entries) stays in step with the
 * first only if every write of the first is followed by a write of the second; the repository is the one door
 * all entity writes go through, so it is where that is hooked. After a write that stored an item the follower
 * is given that item ({@link #afterPut}), a snapshot another write may already have replaced; after a delete it
 * is given the key ({@link #afterWrite}), so that it reads what is there now; after a write that changed
 * nothing (an update or patch of no entity, a delete of none) it is told so ({@link #nothingWritten}).
 */
public interface WriteFollower {

    /**
     * Called before the item at {@code key} is written or deleted; throwing refuses the write (nothing is
     * written). Does nothing by default.
     */
    default void beforeWrite(Key key) {
    }

    /** Called after a delete of the item at {@code key} returned, having deleted it. Not called when it threw. */
    void afterWrite(Key key);

    /**
     * Called after a write stored {@code written} (a save, insert, update or patch): the item as the write stored
     * it, which another write may have replaced since. Calls {@code afterWrite(written.key())} by default.
     */
    default void afterPut(Item written) {
        afterWrite(written.key());
    }

    /**
     * Called after a write of the item at {@code key} returned having changed nothing: an update or patch that
     * found no entity, a delete that found none. Throwing makes the call throw (it wrote nothing). Does nothing
     * by default.
     */
    default void nothingWritten(Key key) {
    }
}
