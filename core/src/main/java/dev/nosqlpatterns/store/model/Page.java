package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a query or scan: its items and, when more may follow, the cursor to read on.
 *
 * <p>An absent {@link #next()} means the read is complete. A present one may lead to an empty page.
 */
public record Page(List<Item> items, Optional<Cursor> next) {
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(next, "next cursor must not be null (use Optional.empty())");
    }

    public boolean hasNext() {
        return next.isPresent();
    }
}
