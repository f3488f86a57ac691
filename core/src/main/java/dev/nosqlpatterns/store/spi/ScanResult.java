package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A backend's scan page: items, and the token to resume after them when the segment is not done. */
public record ScanResult(List<Item> items, Optional<String> nextToken) {
    public ScanResult {
        items = List.copyOf(items);
        Objects.requireNonNull(nextToken, "nextToken");
        if (nextToken.map(String::isEmpty).orElse(false)) {
            throw new IllegalArgumentException("a scan token must not be empty");
        }
    }
}
