package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import java.util.List;

/** A backend's answer to a {@link KeyQuery}: items in order, and whether more may follow. */
public record QueryResult(List<Item> items, boolean more) {
    public QueryResult {
        items = List.copyOf(items);
        if (more && items.isEmpty()) {
            throw new IllegalArgumentException("a query result that has more must hold at least one item");
        }
    }
}
