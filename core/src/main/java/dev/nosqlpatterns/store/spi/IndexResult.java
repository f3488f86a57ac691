package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A backend's answer to an {@link IndexRead}: the items in index order and, when more may follow, the position
 * of the last entry read (which may be past the last item, when the backend read entries it left out).
 */
public record IndexResult(List<Item> items, Optional<IndexPosition> next) {
    public IndexResult {
        items = List.copyOf(items);
        Objects.requireNonNull(next, "next must not be null (use Optional.empty())");
    }

    /** A last page. */
    public static IndexResult last(List<Item> items) {
        return new IndexResult(items, Optional.empty());
    }
}
