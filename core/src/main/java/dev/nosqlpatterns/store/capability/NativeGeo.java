package dev.nosqlpatterns.store.capability;

import java.util.List;

/**
 * A store's own geo search (Redis GEOSEARCH, Lucene LatLonPoint, MongoDB 2dsphere): points of ids in
 * named sets, found by radius or box. Coordinates in degrees (WGS84), distances in metres.
 */
public interface NativeGeo {

    /** Places (or moves) the point of {@code id} in {@code set}. */
    void putPoint(String set, String id, double latitude, double longitude);

    void removePoint(String set, String id);

    /** Points within {@code radiusMeters} of the centre, nearest first, at most {@code limit}. */
    List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit);

    /** Points inside the box (west may exceed east across the antimeridian), at most {@code limit}. */
    List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit);

    /** A point found by a geo search. */
    record GeoHit(String id, double latitude, double longitude, double distanceMeters) {
    }
}
