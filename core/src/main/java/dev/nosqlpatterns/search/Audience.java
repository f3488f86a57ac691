package dev.nosqlpatterns.search;

import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The documents a {@link Criteria} selected, as a set of dense document ids: the input of direct-index
 * reports. It is held in the index's {@link PostingFormat} (a compressed bitmap or a sorted id array), so
 * audiences of millions stay small, and is immutable; combine audiences with {@link #and}, {@link #or} and
 * {@link #andNot} without touching the store, and turn ids into document ids with
 * {@link InvertedSearch#documentIds}.
 */
public final class Audience {
    private final IdSet ids;

    Audience(IdSet ids) {
        this.ids = Objects.requireNonNull(ids, "ids");
    }

    IdSet ids() {
        return ids;
    }

    /** How many documents the audience holds. */
    public int size() {
        return ids.cardinality();
    }

    public boolean isEmpty() {
        return ids.isEmpty();
    }

    /** Whether the document with dense id {@code id} belongs to the audience. */
    public boolean contains(int id) {
        return ids.contains(id);
    }

    /** The dense ids, ascending. */
    public int[] toArray() {
        return ids.toArray();
    }

    public IntStream stream() {
        return IntStream.of(ids.toArray());
    }

    /** The documents in both audiences. */
    public Audience and(Audience other) {
        return new Audience(ids.and(other.ids));
    }

    /** The documents in either audience. */
    public Audience or(Audience other) {
        return new Audience(ids.or(other.ids));
    }

    /** The documents in this audience and not in {@code other}. */
    public Audience andNot(Audience other) {
        return new Audience(ids.andNot(other.ids));
    }

    /** Audiences are equal when they hold the same ids, whatever their representation. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Audience a && java.util.Arrays.equals(ids.toArray(), a.ids.toArray());
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(ids.toArray());
    }

    @Override
    public String toString() {
        return "Audience" + IdSets.describe(ids);
    }
}
