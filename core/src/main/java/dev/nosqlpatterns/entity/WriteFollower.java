package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;

/**
 * Told of each write of one entity type through an {@link EntityRepository}, registered with
 * {@link EntityRepository#follow}.
 *
 * <p>Why: a second form of a type's items (a migration's new keys or new index entries) stays in step with the
 * first only if every write of the first is followed by a write of the second; the repository is the one door
 * all entity writes go through, so it is where that is hooked. The follower is given the key written, so that it
 * reads the item as it is after the write, whoever wrote last; after a put whose stored item the repository knows
 * exactly, it is also given that item ({@link #afterPut}), which spares a follower that takes it as one snapshot
 * of the item (a concurrent write may already have replaced it) the read.
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

    /**
     * Called instead of {@link #afterWrite} after a put whose stored item the repository knows exactly (a save or
     * insert of a type with neither a version component nor index tables, stored as built): {@code written} is
     * the item as the put stored it, which another write may have replaced since. Calls
     * {@code afterWrite(written.key())} by default.
     */
    default void afterPut(Item written) {
        afterWrite(written.key());
    }
}
