package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.List;

/**
 * How a {@link GeoIndex} stores and finds points: in geohash-keyed items on the storage SPI
 * ({@link CellStrategy}), or in the store's own geo search ({@link NativeStrategy}). Arguments arrive
 * checked; scope "" is the unscoped set.
 */
interface GeoStrategy {

    /** Places the point of {@code id}, expiring at {@code expiry} (epoch milliseconds) when one is given. */
    void put(String scope, String id, LatLon point, java.util.OptionalLong expiry);

    /** Places many points; ids that already have a point are moved one by one. */
    void putAll(String scope, java.util.Map<String, LatLon> points);

    void remove(String scope, String id);

    /** Points within the circle, nearest first, at most {@code limit}. */
    List<GeoHit> withinRadius(String scope, Circle circle, int limit);

    /** Points inside the box, nearest to its centre first, at most {@code limit}. */
    List<GeoHit> withinBox(String scope, LatLonBox box, int limit);

    /** Points inside the polygon, nearest to its {@link LatLonPolygon#centre()} first, at most {@code limit}. */
    List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit);

    /** The {@code k} points nearest to {@code centre}, nearest first (ties by id), or all when fewer. */
    List<GeoHit> nearest(String scope, LatLon centre, int k);

    /** Checks, and with {@code fix} repairs, what interrupted writes and expired points left behind. */
    GeoVerification audit(boolean fix);
}
