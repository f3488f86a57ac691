package dev.nosqlpatterns.store.capability;

import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.List;

/**
 * A store's own geo search (Redis GEOSEARCH, Lucene LatLonPoint, MongoDB 2dsphere): points of ids in
 * named sets, found by radius or box. Coordinates in degrees (WGS84), distances in metres.
 *
 * <p>An adapter's side of the capability: applications call it through
 * {@link dev.nosqlpatterns.store.Store#nativeGeo()}, which checks arguments and reports each call's cost
 * to the store's listeners. Each method records on {@code meter} the requests it sent and, for searches,
 * the points it examined beyond those it returns ({@link CostMeter#extraItemsRead}), when known.
 */
public interface NativeGeo {

    /** Places (or moves) the given points in {@code set}, in as few requests as the store allows; ids are distinct. */
    void putPoints(String set, List<Point> points, CostMeter meter);

    void removePoint(String set, String id, CostMeter meter);

    /** Points within {@code radiusMeters} of the centre, nearest first, at most {@code limit}. */
    List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                              CostMeter meter);

    /** Points inside the box (west may exceed east across the antimeridian), at most {@code limit}. */
    List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                           CostMeter meter);

    /** A point to place: an id and its coordinates. */
    record Point(String id, double latitude, double longitude) {
    }

    /** A point found by a geo search. */
    record GeoHit(String id, double latitude, double longitude, double distanceMeters) {
    }
}
