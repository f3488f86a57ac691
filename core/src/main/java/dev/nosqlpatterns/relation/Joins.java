package dev.nosqlpatterns.relation;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Application-side joins: resolving references held in items (a foreign key, a set of
 * topic ids, related articles) with batched reads, never one request per reference. All references
 * of a whole result page are collected, deduplicated and read in one batch get, which the store splits
 * into as few requests as it allows (DynamoDB: 100 keys each); order is kept and missing targets are
 * reported rather than dropped silently.
 */
public final class Joins {
    private final Store store;

    public Joins(Store store) {
        this.store = Objects.requireNonNull(store, "store must not be null");
    }

    /** The items at {@code keys} of {@code table}, in the order asked, with the keys that found nothing. */
    public Resolved resolve(String table, List<Key> keys) {
        return TechniqueCalls.call(store, "join.resolve", table, () -> {
            BatchGetResult result = store.getAll(table, keys);
            List<Optional<Item>> inOrder = new ArrayList<>(keys.size());
            for (Key k : keys) {
                inOrder.add(result.get(new ItemRef(table, k)));
            }
            return new Resolved(inOrder, result.missing().stream().map(ItemRef::key).toList());
        });
    }

    /**
     * For each source item, the target items its string-set attribute {@code setAttribute} refers to,
     * read with one batch get for all sources together. {@code keyOf} turns a referenced id into the
     * target's key. Targets keep the sources' order (set members in sorted order); missing ones are listed.
     */
    public Map<Key, Resolved> resolveSets(List<Item> sources, String setAttribute, String targetTable,
                                          Function<String, Key> keyOf) {
        return TechniqueCalls.call(store, "join.resolveSets", targetTable, () -> {
            Objects.requireNonNull(keyOf, "keyOf must not be null");
            Map<Key, List<Key>> wanted = new LinkedHashMap<>();
            Set<Key> all = new LinkedHashSet<>();
            for (Item source : sources) {
                List<Key> refs = source.getStringSet(setAttribute).stream().sorted().map(keyOf).toList();
                wanted.put(source.key(), refs);
                all.addAll(refs);
            }
            BatchGetResult found = all.isEmpty() ? null : store.getAll(targetTable, List.copyOf(all));
            Map<Key, Resolved> out = new LinkedHashMap<>();
            wanted.forEach((source, refs) -> {
                List<Optional<Item>> items = new ArrayList<>();
                List<Key> missing = new ArrayList<>();
                for (Key ref : refs) {
                    Optional<Item> item = found.get(new ItemRef(targetTable, ref));
                    items.add(item);
                    if (item.isEmpty()) {
                        missing.add(ref);
                    }
                }
                out.put(source, new Resolved(items, missing));
            });
            return out;
        });
    }

    /** Resolved references: one optional item per reference, in order, and the references that found nothing. */
    public record Resolved(List<Optional<Item>> items, List<Key> missing) {
        public Resolved {
            items = List.copyOf(items);
            missing = List.copyOf(missing);
        }

        /** The items found, in reference order. */
        public List<Item> found() {
            return items.stream().flatMap(Optional::stream).toList();
        }
    }
}
