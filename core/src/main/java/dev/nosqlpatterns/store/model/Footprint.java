package dev.nosqlpatterns.store.model;

import java.util.Objects;

/**
 * What a logical table occupies as the store itself reports it, from {@code store.maintenance().footprint(table)}:
 * the figure to compare techniques by storage, where {@link OperationCost} only counts the logical bytes a call sent.
 * Figures differ in kind between stores; each says what it is in {@link #basis()}.
 *
 * @param table    the logical table
 * @param bytes    what the store says the table occupies, in bytes
 * @param basis    what the figure is, e.g. {@code "MongoDB collStats storageSize + totalIndexSize"}
 * @param accuracy exact, an estimate, or possibly lagging
 * @param shared   true when the figure is of storage the table shares with other logical tables (one
 *                 physical table for all of them), so it includes their bytes too
 */
public record Footprint(String table, long bytes, String basis, Accuracy accuracy, boolean shared) {
    public Footprint {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(basis, "basis must not be null");
        Objects.requireNonNull(accuracy, "accuracy must not be null");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes of table '" + table + "' must not be negative, got " + bytes);
        }
        if (basis.isBlank()) {
            throw new IllegalArgumentException("the footprint of table '" + table + "' needs a basis");
        }
    }

    /** How far a figure can be trusted. */
    public enum Accuracy {
        /** The store's own count of what it holds for the table now. */
        EXACT,
        /** Derived from the store's figures by a stated rule (e.g. a share of a shared index). */
        ESTIMATE,
        /** The store's own figure, but the store refreshes it from time to time: recent writes may be missing. */
        LAGGING
    }
}
