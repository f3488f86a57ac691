package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Item;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer to a batch get: the items found, in the order their references were asked for, and the
 * references that found nothing.
 */
public final class BatchGetResult {
    private final List<ItemRef> requested;
    private final Map<ItemRef, Item> found;

    private BatchGetResult(List<ItemRef> requested, Map<ItemRef, Item> found) {
        this.requested = List.copyOf(requested);
        this.found = Collections.unmodifiableMap(new LinkedHashMap<>(found));
    }

    /** The answer for {@code requested} references, of which those in {@code found} found an item. */
    public static BatchGetResult of(List<ItemRef> requested, Map<ItemRef, Item> found) {
        return new BatchGetResult(requested, found);
    }

    /** The item at {@code ref}, if it was found. */
    public Optional<Item> get(ItemRef ref) {
        return Optional.ofNullable(found.get(ref));
    }

    /** Items found, in request order (a reference asked twice appears once). */
    public List<Item> items() {
        List<Item> out = new ArrayList<>();
        for (ItemRef ref : requested) {
            Item item = found.get(ref);
            if (item != null) {
                out.add(item);
            }
        }
        return out;
    }

    /** References that found no item, in request order. */
    public List<ItemRef> missing() {
        return requested.stream().filter(r -> !found.containsKey(r)).toList();
    }

    public Map<ItemRef, Item> asMap() {
        return found;
    }

    @Override
    public String toString() {
        return "BatchGetResult[found=" + found.size() + ", missing=" + missing() + "]";
    }
}
