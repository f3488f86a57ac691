package dev.nosqlpatterns.store.model;

import java.util.Objects;

/** A point to place in a store's native geo set: an id and its coordinates in degrees (WGS84). */
public record GeoPoint(String id, double latitude, double longitude) {
    public GeoPoint {
        Objects.requireNonNull(id, "point id must not be null");
    }
}
