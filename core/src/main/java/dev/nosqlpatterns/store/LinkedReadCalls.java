package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.internal.LinkedWalk;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The walk behind {@link Store#follow} ({@link LinkedWalk}), level by level: each level the not yet named
 * targets of the level before, in the order they were first named. A store without native linked reads fetches each level
 * with one batch read; the answer of a store that follows links itself is walked again in memory, so that
 * both answer in the same order and an expired item (which such a store may still hold) leads nowhere.
 * A target no key of the store could hold (too long, say) names no item and is not asked for.
 */
final class LinkedReadCalls {

    private LinkedReadCalls() {
    }

    /** One batch read per level. */
    static List<Item> levelByLevel(StoreBackend backend, LinkedRead read, Predicate<String> storable, CostMeter meter,
                                   long now) {
        return LinkedWalk.walk(read, storable, level -> {
            List<ItemRef> refs = new ArrayList<>(level.size());
            for (String sort : level) {
                refs.add(new ItemRef(read.table(), Key.of(read.partition(), sort)));
            }
            Map<String, Item> found = new HashMap<>();
            ExpiredItems.live(backend.getAll(refs, meter), now).forEach((ref, item) -> found.put(ref.key().sort(), item));
            return found;
        });
    }

    /** The store's own answer, walked again over its live items. */
    static List<Item> fromNative(List<Item> answer, LinkedRead read, long now) {
        Map<String, Item> bySort = new HashMap<>();
        for (Item item : ExpiredItems.live(answer, now)) {
            if (item.key().partition().equals(read.partition())) {
                bySort.put(item.key().sort(), item);
            }
        }
        return LinkedWalk.walk(read, s -> true, level -> bySort);
    }
}
