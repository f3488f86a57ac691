package dev.nosqlpatterns.store.model;

import java.util.Objects;

/**
 * A point found by a store's native geo search: its id, its coordinates exactly as put, and its distance in
 * metres from the search's centre (a box's or polygon's centre for those searches).
 */
public record NativeGeoHit(String id, double latitude, double longitude, double distanceMeters) {
    public NativeGeoHit {
        Objects.requireNonNull(id, "hit id must not be null");
    }
}
