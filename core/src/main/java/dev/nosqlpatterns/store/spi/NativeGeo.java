package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.List;

/**
 * A store's own geo search (Redis geo sets, Lucene LatLonPoint, MongoDB 2dsphere): points of ids in
 * named sets, found by radius, box or polygon, and the k nearest. Coordinates in degrees (WGS84),
 * distances in metres.
 *
 * <p>The contract every adapter keeps, whatever its store does natively:
 * <ul>
 *   <li>Answers are exact: a search returns the same points as brute force over the stored points,
 *       with the exact coordinates put, measured with {@link LatLon#distanceMeters}
 *       (radius, edge included), {@link dev.nosqlpatterns.geo.LatLonBox#contains} (box, edges
 *       included, {@code west > east} across the antimeridian) or
 *       {@link dev.nosqlpatterns.geo.LatLonPolygon#contains} (polygon). No tolerance at the boundary: a store
 *       that rounds coordinates or measures on another sphere over-fetches and re-checks.</li>
 *   <li>Every latitude from -90 to 90 and every longitude from -180 to 180 is stored and found; a
 *       store that cannot index some of them (Redis beyond ±85.05) keeps them aside and scans them.</li>
 *   <li>Hits come nearest first, ties by id (by {@link String#compareTo}); a limit keeps the first
 *       {@code limit} of that order, so it is applied after the exact filter and after exact ranking.
 *       A box search ranks by distance from the box's centre
 *       ({@link dev.nosqlpatterns.geo.LatLonBox#centre}), a polygon search from the polygon's
 *       ({@link dev.nosqlpatterns.geo.LatLonPolygon#centre}). {@link GeoHit#distanceMeters} is that
 *       distance.</li>
 * </ul>
 *
 * <p>An adapter's side of the capability: applications call it through
 * {@link dev.nosqlpatterns.store.Store#nativeGeo()}, which checks arguments and reports each call's cost
 * to the store's listeners. Each method records on {@code meter} the requests it sent and, for searches,
 * the points it examined beyond those it returns ({@link CostMeter#extraItemsRead}), when known.
 */
public interface NativeGeo {

    /** Places (or moves) the given points in {@code set}, in as few requests as the store allows; ids are distinct. */
    void putPoints(String set, List<GeoPoint> points, CostMeter meter);

    void removePoint(String set, String id, CostMeter meter);

    /**
     * Removes every point of {@code set}, in as few requests as the store allows, and nothing else: other sets,
     * tables and search indexes are left as they were. Dropping a set that holds nothing, or was dropped already,
     * does nothing; points put in the set afterwards are found as in a new set.
     *
     * <p>Every adapter of the library overrides it. The default refuses, for a port written before the method
     * existed: it has no way to know where the set's points are kept.
     *
     * @throws UnsupportedOperationException by default
     */
    default void dropSet(String set, CostMeter meter) {
        throw new UnsupportedOperationException(getClass().getName() + " cannot drop the native geo set '" + set
                + "': it does not implement NativeGeo.dropSet");
    }

    /** Points within {@code radiusMeters} of the centre, nearest first (ties by id), the first {@code limit}. */
    List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                              CostMeter meter);

    /**
     * Points inside the box (west may exceed east across the antimeridian), nearest to the box's centre
     * first (ties by id), the first {@code limit}.
     */
    List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                           CostMeter meter);

    /**
     * Points inside a polygon, as {@link dev.nosqlpatterns.geo.LatLonPolygon#contains} decides for
     * {@code LatLonPolygon.ofRings(rings)} (edges straight on the latitude-longitude plane, the shorter way
     * round; edges included; holes excluded), nearest to its
     * {@link dev.nosqlpatterns.geo.LatLonPolygon#centre()} first (ties by id), the first {@code limit}.
     * {@code rings} are closed, the outer ring first, then the holes; a bad polygon is refused with
     * {@link IllegalArgumentException} before anything is sent.
     */
    List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter);

    /** A radius past half the circumference of the library's sphere (20,015 km): the whole sphere. */
    double WHOLE_SPHERE_METERS = 20_100_000;

    /**
     * The {@code k} points nearest to the centre, nearest first (ties by id), or all when fewer: by default one
     * radius search over the whole sphere, which a store ranking natively ({@code $geoNear}, a distance sort)
     * answers by reading little more than the {@code k}; a store that must read a whole radius search's area
     * overrides it.
     */
    default List<GeoHit> nearest(String set, double latitude, double longitude, int k, CostMeter meter) {
        return withinRadius(set, latitude, longitude, WHOLE_SPHERE_METERS, k, meter);
    }
}
