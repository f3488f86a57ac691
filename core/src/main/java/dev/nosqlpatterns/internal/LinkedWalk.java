package dev.nosqlpatterns.internal;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.LinkedRead;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The breadth-first walk of a {@link LinkedRead}, level by level, over items fetched one level at a time.
 * Shared by the library's level-by-level reads and by backends that walk their own data in one call (the
 * memory store, Lucene), so that every store reaches the same items the same way.
 */
public final class LinkedWalk {

    private LinkedWalk() {
    }

    /**
     * Every item {@code read} reaches, each once, in breadth-first order. Each level is the not yet named
     * targets of the level before, in the order they were first named (the start keys first); {@code fetch}
     * gets a level's sort keys and answers the items found, by sort key. Targets {@code storable} refuses
     * name no item and are not fetched.
     */
    public static List<Item> walk(LinkedRead read, Predicate<String> storable,
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
    private static List<String> links(Item item, String attribute) {
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
