package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A backend's scan page: items, and the token to resume after them when the segment is not done. A page holds at
 * most the request's limit, and may hold fewer, none even, while a token is returned (a backend that leaves out
 * some of what it read, as a tenant's view of a shared table does); readers go on while there is a token, as the
 * store's {@link dev.nosqlpatterns.store.model.Page} tells its callers.
 */
public record ScanResult(List<Item> items, Optional<String> nextToken) {
    public ScanResult {
        items = List.copyOf(items);
        Objects.requireNonNull(nextToken, "nextToken");
        if (nextToken.map(String::isEmpty).orElse(false)) {
            throw new IllegalArgumentException("a scan token must not be empty");
        }
    }
}
