package dev.nosqlpatterns.store.spi;

import java.util.Objects;
import java.util.Optional;

/** One page of one scan segment, as a backend receives it, with the backend's own resume token. */
public record ScanRequest(String table, int segment, int totalSegments, int limit, Optional<String> token) {
    public ScanRequest {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(token, "token");
    }
}
