package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import java.util.List;

/**
 * A {@link WriteFollower}'s registration on a repository, from {@link EntityRepository#follow}: closing it stops
 * the following, and the follower keeps its own derived items through it. Its writes go with the entries of the
 * types' index tables but are told to no follower, so that a follower (a running migration's dual writes) never
 * hears of what it wrote itself.
 */
public interface Following extends Store.Registration {

    /**
     * Writes {@code item} (built by {@link EntityRepository#itemOf}, a key of {@code type}) with its index entries,
     * keeping the {@code _version} it carries.
     */
    void putItem(EntityType<?> type, Item item);

    /**
     * Writes {@code items} as {@link #putItem} writes each, not atomically: in one batch when the type keeps no
     * index tables, else in windows with their entries ({@link dev.nosqlpatterns.index.IndexGroup#replaceAll}).
     * Every item and its entries are checked before any is written, so bad input writes nothing.
     */
    void putItems(EntityType<?> type, List<Item> items);

    /**
     * Rewrites items of {@code type} in place, each made from what was read of it and carrying that read's
     * {@code _version}: each is written (at the next version, with its index entries) only while the stored item is
     * still at that version, in windows where the type keeps index tables
     * ({@link dev.nosqlpatterns.index.IndexGroup#updateAll}). Items are checked before any is written.
     *
     * @return the keys of the items not written (changed since they were read, or of a type without index tables,
     *         which this leaves to one-by-one updates), for the caller to read again
     */
    List<Key> updateItems(EntityType<?> type, List<Item> items);

    /**
     * Deletes the item of {@code type} at {@code key} with its index entries, unless it is another type's.
     *
     * @return true when an item was deleted
     */
    boolean deleteItem(EntityType<?> type, Key key);
}
