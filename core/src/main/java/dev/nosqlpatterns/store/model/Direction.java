package dev.nosqlpatterns.store.model;

/** The order a read returns sort keys in: UTF-8 byte order, or its reverse. */
public enum Direction {
    ASCENDING,
    DESCENDING
}
