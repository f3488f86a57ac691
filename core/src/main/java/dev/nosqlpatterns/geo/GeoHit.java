package dev.nosqlpatterns.geo;

import java.util.Objects;

/**
 * A point found by a {@link GeoIndex} search.
 *
 * @param id             the id the point was put under
 * @param point          its coordinates, exactly as put
 * @param distanceMeters great-circle distance from the search centre (a box's centre for box searches)
 */
public record GeoHit(String id, LatLon point, double distanceMeters) {
    public GeoHit {
        Objects.requireNonNull(id, "id must not be null");
        Objects.requireNonNull(point, "point must not be null");
    }
}
