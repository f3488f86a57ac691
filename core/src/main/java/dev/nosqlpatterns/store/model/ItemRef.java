package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Key;
import java.util.Objects;

/** An item's full address: the logical table and the key inside it. */
public record ItemRef(String table, Key key) {
    public ItemRef {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(key, "key must not be null");
    }

    public static ItemRef of(String table, String partition, String sort) {
        return new ItemRef(table, Key.of(partition, sort));
    }

    @Override
    public String toString() {
        return table + key;
    }
}
