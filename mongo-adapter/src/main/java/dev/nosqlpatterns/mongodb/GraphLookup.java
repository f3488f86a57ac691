package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.util.List;

/**
 * Graph traversal of items linked by attributes, in one request ({@code $graphLookup}): the MongoDB way
 * to read a whole subtree of an adjacency list, where other stores need one request per level.
 *
 * <p>Starting from a value, it finds the items whose {@code toAttribute} equals it (depth 0), then the
 * items whose {@code toAttribute} equals the {@code fromAttribute} of those (depth 1), and so on. For the
 * descendants of node {@code n} in items holding {@code id} and {@code parent}:
 * {@code traverse(table, "id", "parent", Value.of("n"), 10)}. Link attributes hold strings or numbers.
 * Get it with {@code store.extension(GraphLookup.class)}; each traversal is metered as
 * the store call {@code graphLookup}, present when the server answered the probe.
 */
public interface GraphLookup {

    /** Items reachable from {@code start} within {@code maxDepth + 1} levels, by depth then key. */
    List<Hit> traverse(String table, String fromAttribute, String toAttribute, Value start, int maxDepth);

    /** An item found by a traversal, with the level it was found at (0 for the first). */
    record Hit(Item item, int depth) {
    }
}
