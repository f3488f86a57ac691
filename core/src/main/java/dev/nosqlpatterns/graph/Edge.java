package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.Objects;

/**
 * A directed edge of a {@link GraphTable}: {@code from} links to {@code to}. Self-loops are allowed; an
 * edge is stored once however often it is added.
 *
 * @param from the source vertex id: 1 to {@value #MAX_VERTEX_BYTES} UTF-8 bytes, no unpaired surrogates
 * @param to   the target vertex id, likewise
 */
public record Edge(String from, String to) {
    /** The longest vertex id, in UTF-8 bytes, so that ids fit the keys of the graph and work tables. */
    public static final int MAX_VERTEX_BYTES = 400;

    public Edge {
        checkVertex(from);
        checkVertex(to);
    }

    public static Edge of(String from, String to) {
        return new Edge(from, to);
    }

    /** Checks a vertex id: 1 to {@value #MAX_VERTEX_BYTES} UTF-8 bytes, no unpaired surrogates. */
    static String checkVertex(String id) {
        Objects.requireNonNull(id, "vertex id must not be null");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("vertex id must not be empty");
        }
        int bad = Utf8Order.firstUnpairedSurrogate(id);
        if (bad >= 0) {
            throw new IllegalArgumentException("vertex id '" + id + "' has an unpaired surrogate at index " + bad);
        }
        int bytes = Utf8Order.utf8Length(id);
        if (bytes > MAX_VERTEX_BYTES) {
            throw new IllegalArgumentException("vertex id is " + bytes + " UTF-8 bytes, more than " + MAX_VERTEX_BYTES);
        }
        return id;
    }

    @Override
    public String toString() {
        return from + " -> " + to;
    }
}
