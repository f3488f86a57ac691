package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import java.util.Objects;
import java.util.Optional;

/**
 * A place in a native index: the entry's sort value (absent for an index without a sort attribute) and the
 * item's key. A read resumes strictly after it; the store turns it into a cursor and back.
 */
public record IndexPosition(Optional<Value> sortValue, Key key) {
    public IndexPosition {
        Objects.requireNonNull(sortValue, "sort value must not be null (use Optional.empty())");
        Objects.requireNonNull(key, "key must not be null");
    }

    /** The position of {@code item}'s entry in {@code index}. */
    public static IndexPosition of(IndexSpec index, Item item) {
        return new IndexPosition(index.sortAttribute().flatMap(item::get), item.key());
    }

    /**
     * An item holding just what the entry at this position holds: the key, the index's partition attribute set
     * to {@code partitionValue} and its sort attribute, for a backend that computes entries from items.
     */
    public Item asItem(IndexSpec index, Value partitionValue) {
        Item.Builder item = Item.builder(key).put(index.partitionAttribute(), partitionValue);
        if (index.sortAttribute().isPresent() && sortValue.isPresent()) {
            item.put(index.sortAttribute().get(), sortValue.get());
        }
        return item.build();
    }
}
