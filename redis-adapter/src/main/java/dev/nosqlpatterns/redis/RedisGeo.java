package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;

import dev.nosqlpatterns.internal.NearestCircles;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link NativeGeo} on Redis geo sets: the geohash scores of GEOADD find the candidates, exact
 * coordinates decide.
 *
 * <p>Redis keeps points as 52-bit geohashes (a few decimetres off) and only within latitude
 * ±85.05112878 (its own searches miss points at that limit), so a hash beside each set keeps every
 * point's exact coordinates, and points beyond ±{@value #HASHED_LATITUDE} live in a second hash
 * instead of the geo set. A search reads, in one script call, the points of the geohash score ranges
 * that cover the area's latitude and longitude bounds ({@link GeoScoreRanges}, split at the
 * antimeridian, with a cell of margin), plus the polar points when the area reaches beyond
 * ±{@value #HASHED_LATITUDE}; then it measures and filters exactly with
 * {@link LatLon#distanceMeters} and {@link LatLonBox#contains}, and keeps the nearest {@code limit}
 * (ties by id). GEOSEARCH is not used: it misses points near the latitude limit and near the poles.
 * A search reaching beyond ±{@value #HASHED_LATITUDE} reads every polar point of the set, which is
 * cheap while few points lie that near a pole. Redis has no polygon search, so a polygon reads the
 * ranges of its bounding box and {@link LatLonPolygon#contains} filters.
 */
final class RedisGeo implements NativeGeo {
    /** The largest latitude kept in the geo set; points beyond live in the polar hash. */
    static final double HASHED_LATITUDE = 85.0;

    private final UnifiedJedis jedis;
    private final NearestCircles circles = new NearestCircles(WHOLE_SPHERE_METERS);
    private final Keys keys;
    private final int maxInFlight;

    RedisGeo(UnifiedJedis jedis, Keys keys, int maxInFlight) {
        this.maxInFlight = maxInFlight;
        this.jedis = jedis;
        this.keys = keys;
    }

    /** One script call per point, sent in pipelines: one round trip per {@code maxInFlight} points. */
    @Override
    public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
        List<Pipelines.Call> calls = new ArrayList<>(points.size());
        for (GeoPoint p : points) {
            checkSet(set, p.id());
            checkPoint(p.latitude(), p.longitude());
            List<byte[]> args = new ArrayList<>(List.of(Keys.utf8(p.id()), Keys.utf8(p.latitude() + "," + p.longitude())));
            if (Math.abs(p.latitude()) <= HASHED_LATITUDE) {
                args.add(Keys.utf8(Double.toString(normalize(p.longitude()))));
                args.add(Keys.utf8(Double.toString(p.latitude())));
            }
            calls.add(new Pipelines.Call(geoKeys(set), args));
        }
        if (calls.size() == 1) {
            Pipelines.Call c = calls.get(0);
            Failures.guard(null, null, () -> Script.GEO.run(jedis, meter, c.keys(), c.args()));
        } else if (!calls.isEmpty()) {
            Failures.guard(null, null, () -> Pipelines.scripts(jedis, maxInFlight, Script.GEO, calls, meter));
        }
    }

    @Override
    public void removePoint(String set, String id, CostMeter meter) {
        checkSet(set, id);
        Failures.guard(null, null, () -> Script.GEO.run(jedis, meter, geoKeys(set), List.of(Keys.utf8(id))));
    }

    /**
     * One UNLINK of the set's three keys (geohashes, exact coordinates, polar points), which share the set's hash
     * tag and so one cluster slot: Redis frees them in the background, however many points they hold. The
     * density remembered for its nearest searches is forgotten with it.
     */
    @Override
    public void dropSet(String set, CostMeter meter) {
        checkSet(set, "");
        meter.roundTrip();
        Failures.guard(null, null, () -> jedis.unlink(geoKeys(set).toArray(new byte[0][])));
        circles.forget(set);
    }

    @Override
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                     CostMeter meter) {
        checkSet(set, "");
        checkPoint(latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        checkLimit(limit);
        List<GeoHit> candidates = candidates(set, GeoScoreRanges.circleBounds(latitude, longitude, radiusMeters),
                latitude, longitude, meter);
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit h : candidates) {
            if (h.distanceMeters() <= radiusMeters) {
                hits.add(h);
            }
        }
        return nearest(hits, limit, candidates.size(), meter);
    }

    /**
     * Radius searches of circles ({@link NearestCircles}: from 1 km, or as wide as the density near the last
     * search of the set says {@code k} points need), each wider as the density found so far suggests (1.5 to
     * 8 times), until one holds {@code k}: a whole-sphere search would read every point of the set.
     */
    @Override
    public List<GeoHit> nearest(String set, double latitude, double longitude, int k, CostMeter meter) {
        for (double radius = circles.first(set, k); ; ) {
            List<GeoHit> hits = withinRadius(set, latitude, longitude, radius, k, meter);
            if (hits.size() >= k || radius >= circles.whole()) {
                if (hits.size() >= k) {
                    circles.found(set, k, hits.get(k - 1).distanceMeters());
                }
                return hits;
            }
            radius = circles.next(radius, hits.size(), k);
        }
    }

    @Override
    public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                  CostMeter meter) {
        checkSet(set, "");
        checkLimit(limit);
        if (!(south <= north) || south < -90 || north > 90 || !(west >= -180 && west <= 180 && east >= -180 && east <= 180)) {
            throw new IllegalArgumentException("box must have -90 <= south <= north <= 90 and longitudes in [-180, 180],"
                    + " got south " + south + ", west " + west + ", north " + north + ", east " + east);
        }
        LatLonBox box = LatLonBox.of(south, west, north, east);
        LatLon centre = box.centre();
        double[] bounds = GeoScoreRanges.withLongitudes(south, north, west, west + box.widthDegrees());
        List<GeoHit> candidates = candidates(set, bounds, centre.latitude(), centre.longitude(), meter);
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit h : candidates) {
            if (box.contains(h.point().latitude(), h.point().longitude())) {
                hits.add(h);
            }
        }
        return nearest(hits, limit, candidates.size(), meter);
    }

    /**
     * Redis has no polygon search: the score ranges of the polygon's bounding box give the candidates (one
     * script call, as for a box), and {@link LatLonPolygon#contains} decides.
     */
    @Override
    public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
        checkSet(set, "");
        checkLimit(limit);
        LatLonPolygon polygon = polygon(rings);
        LatLonBox box = polygon.bounds();
        LatLon centre = polygon.centre();
        double[] bounds = GeoScoreRanges.withLongitudes(box.south(), box.north(), box.west(),
                box.west() + box.widthDegrees());
        List<GeoHit> candidates = candidates(set, bounds, centre.latitude(), centre.longitude(), meter);
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit h : candidates) {
            if (polygon.contains(h.point().latitude(), h.point().longitude())) {
                hits.add(h);
            }
        }
        return nearest(hits, limit, candidates.size(), meter);
    }

    static LatLonPolygon polygon(List<List<GeoVertex>> rings) {
        return LatLonPolygon.ofRings(rings.stream().map(r -> r.stream().map(v -> LatLon.of(v.latitude(), v.longitude()))
                .toList()).toList());
    }

    /**
     * Every point within the bounds {south, north, west, east, ...}, with exact coordinates and the
     * distance from (lat, lon): one script call.
     */
    private List<GeoHit> candidates(String set, double[] bounds, double lat, double lon, CostMeter meter) {
        double[] lons = java.util.Arrays.copyOfRange(bounds, 2, bounds.length);
        List<GeoScoreRanges.Range> ranges = GeoScoreRanges.cover(bounds[0], bounds[1], lons);
        boolean polar = bounds[0] < -HASHED_LATITUDE || bounds[1] > HASHED_LATITUDE;
        List<byte[]> args = new ArrayList<>(1 + 2 * ranges.size());
        args.add(Keys.utf8(polar ? "1" : "0"));
        for (GeoScoreRanges.Range r : ranges) {
            args.add(Keys.utf8(Long.toString(r.min())));
            args.add(Keys.utf8(Long.toString(r.max())));
        }
        Object reply = Failures.guard(null, null, () -> Script.GEO_SCAN.run(jedis, meter, geoKeys(set), args));
        List<?> flat = (List<?>) reply;
        Map<String, GeoHit> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            add(out, RangeReads.utf8((byte[]) flat.get(i)), (byte[]) flat.get(i + 1), lat, lon);
        }
        return List.copyOf(out.values());
    }

    private static void add(Map<String, GeoHit> out, String id, byte[] coordinates, double lat, double lon) {
        String[] parts = RangeReads.utf8(coordinates).split(",");
        double pLat = Double.parseDouble(parts[0]);
        double pLon = Double.parseDouble(parts[1]);
        out.put(id, new GeoHit(id, LatLon.of(pLat, pLon), LatLon.distanceMeters(lat, lon, pLat, pLon)));
    }

    /** The nearest {@code limit} hits, ties by id; the other candidates read are reported as extra items read. */
    private static List<GeoHit> nearest(List<GeoHit> hits, int limit, int candidates, CostMeter meter) {
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        List<GeoHit> out = List.copyOf(hits.subList(0, Math.min(limit, hits.size())));
        meter.extraItemsRead(candidates - out.size());
        return out;
    }

    private List<byte[]> geoKeys(String set) {
        return List.of(keys.geo(set), keys.geoCoordinates(set), keys.geoPolar(set));
    }

    private static void checkSet(String set, String id) {
        if (set == null || set.isEmpty() || id == null) {
            throw new IllegalArgumentException("geo set name must be non-empty and point ids non-null");
        }
    }

    private static void checkPoint(double lat, double lon) {
        if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
            throw new IllegalArgumentException("latitude must be within ±90 and longitude within ±180, got ("
                    + lat + ", " + lon + ")");
        }
    }

    private static void checkLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }

    /** Longitude into [-180, 180): Redis encodes longitude 180 past the last geohash cell. */
    private static double normalize(double lon) {
        return lon >= 180 ? lon - 360 : lon;
    }
}
