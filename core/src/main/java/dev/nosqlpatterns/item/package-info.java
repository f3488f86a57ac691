/**
 * The data model every store and technique shares: an {@link dev.nosqlpatterns.item.Item} is a
 * {@link dev.nosqlpatterns.item.Key} (partition key and sort key) and named, typed attributes, each a
 * {@link dev.nosqlpatterns.item.Value} (strings, exact numbers, binary, booleans, null, sets, lists and
 * maps). Items are immutable and mean the same on every store.
 *
 * <p>{@link dev.nosqlpatterns.item.Expiry} reads and sets the instant an item expires, which every store
 * honours on reads whether or not it removes expired items itself.
 */
package dev.nosqlpatterns.item;
