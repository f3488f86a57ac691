package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The walk behind {@link Store#follow}, level by level: each level the not yet named targets of the level
 * before, in the order they were first named. A store without native linked reads fetches each level
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
        return walk(read, storable, level -> {
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
        return walk(read, s -> true, level -> bySort);
    }

    private static List<Item> walk(LinkedRead read, Predicate<String> storable,
                                   Function<List<String>, Map<String, Item>> fetch) {
        Set<String> named = new HashSet<>(read.start());
        List<String> level = read.start();
        List<Item> out = new ArrayList<>();
        for (int depth = 0; !level.isEmpty(); depth++) {
            Map<String, Item> found = fetch.apply(level);
            List<String> next = new ArrayList<>();
            for (String sort : level) {
                Item item = found.get(sort);
                if (item == null) {
                    continue;
                }
                out.add(item);
                if (depth < read.maxDepth()) {
                    for (String link : links(item, read.links())) {
                        String target = read.targetOf(link);
                        if (named.add(target) && storable.test(target)) {
                            next.add(target);
                        }
                    }
                }
            }
            level = next;
        }
        return out;
    }

    /** The links an item holds: its attribute's string, or the strings of its list. */
    static List<String> links(Item item, String attribute) {
        Optional<Value> value = item.get(attribute);
        if (value.isEmpty()) {
            return List.of();
        }
        if (value.get() instanceof Value.Str s) {
            return List.of(s.value());
        }
        if (!(value.get() instanceof Value.ListValue list)) {
            return List.of();
        }
        List<String> out = new ArrayList<>(list.value().size());
        for (Value v : list.value()) {
            if (v instanceof Value.Str s) {
                out.add(s.value());
            }
        }
        return out;
    }
}
