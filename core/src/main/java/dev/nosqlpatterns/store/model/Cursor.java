package dev.nosqlpatterns.store.model;

import java.util.Objects;

/**
 * An opaque, serializable position after the last item of a page, to resume a query or scan.
 *
 * <p>The token is a printable string that may be handed to a client and back; a cursor is only valid
 * for the query or scan (same table, partition or segment) that produced it.
 */
public record Cursor(String token) {
    public Cursor {
        Objects.requireNonNull(token, "cursor token must not be null");
        if (token.isEmpty()) {
            throw new IllegalArgumentException("cursor token must not be empty");
        }
    }

    @Override
    public String toString() {
        return "Cursor[" + token + "]";
    }
}
