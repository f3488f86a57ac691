package dev.nosqlpatterns.store.model;

import java.util.Objects;

/**
 * A point found by a geo search: by a {@link dev.nosqlpatterns.geo.GeoIndex} and by a store's native geo
 * search ({@link dev.nosqlpatterns.store.Store#nativeGeo()}) alike. Both answer the same thing, so it is one
 * type; it is a model value because the {@code geo} technique is built on the store, and the store's
 * native geo port answers hits without knowing the technique.
 *
 * @param id             the id the point was put under
 * @param point          its coordinates, exactly as put
 * @param distanceMeters great-circle distance ({@link LatLon#distanceMeters}) from the search's centre (a
 *                       box's or polygon's centre for those searches)
 */
public record GeoHit(String id, LatLon point, double distanceMeters) {
    public GeoHit {
        Objects.requireNonNull(id, "id must not be null");
        Objects.requireNonNull(point, "point must not be null");
    }
}
