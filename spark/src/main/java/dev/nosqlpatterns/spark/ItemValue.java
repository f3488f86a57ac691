package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import java.io.Serializable;
import java.util.Optional;
import java.util.function.Function;

/** A value derived from an item, sent to the tasks that compute it (so serializable: a lambda will do). */
@FunctionalInterface
public interface ItemValue extends Function<Item, Optional<String>>, Serializable {

    /** The string attribute {@code name}; empty when the item has none. */
    static ItemValue attribute(String name) {
        return item -> item.getString(name);
    }
}
