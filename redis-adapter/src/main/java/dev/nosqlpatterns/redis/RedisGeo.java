package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.capability.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.args.GeoUnit;
import redis.clients.jedis.params.GeoSearchParam;
import redis.clients.jedis.resps.GeoRadiusResponse;

/**
 * {@link NativeGeo} on Redis geo sets: GEOSEARCH finds the candidates, exact coordinates decide.
 *
 * <p>Redis keeps points as 52-bit geohashes (a few decimetres off) and only within latitude
 * ±85.05112878, so a hash beside each set keeps every point's exact coordinates, and points nearer a
 * pole live in a second hash instead of the geo set. A search asks GEOSEARCH for a slightly larger
 * circle (around the nearest hashable centre), adds the polar points when the area reaches them, then
 * measures and filters exactly. A box search is a radius search covering the box, filtered to the box,
 * since GEOSEARCH BYBOX measures its box in metres, not degrees. Distances are great-circle distances
 * on the sphere Redis uses (radius 6372797.560856 m).
 */
final class RedisGeo implements NativeGeo {
    static final double MAX_LATITUDE = 85.05112878;
    private static final double EARTH_RADIUS_M = 6372797.560856;
    /** Fewer metres than any degree of latitude spans, to decide safely whether an area reaches a pole. */
    private static final double MIN_METRES_PER_DEGREE = 110_000;
    /** Extra candidates asked for, so that rounding in Redis's own ranking cannot push a hit out. */
    private static final int SPARE = 32;

    private final UnifiedJedis jedis;
    private final Keys keys;

    RedisGeo(UnifiedJedis jedis, Keys keys) {
        this.jedis = jedis;
        this.keys = keys;
    }

    /** One script call per point, sent in pipelines: one round trip per {@link Pipelines#SIZE} points. */
    @Override
    public void putPoints(String set, List<Point> points, CostMeter meter) {
        List<Pipelines.Call> calls = new ArrayList<>(points.size());
        for (Point p : points) {
            checkSet(set, p.id());
            checkPoint(p.latitude(), p.longitude());
            List<byte[]> args = new ArrayList<>(List.of(Keys.utf8(p.id()), Keys.utf8(p.latitude() + "," + p.longitude())));
            if (Math.abs(p.latitude()) <= MAX_LATITUDE) {
                args.add(Keys.utf8(Double.toString(normalize(p.longitude()))));
                args.add(Keys.utf8(Double.toString(p.latitude())));
            }
            calls.add(new Pipelines.Call(geoKeys(set), args));
        }
        if (calls.size() == 1) {
            Pipelines.Call c = calls.get(0);
            Errors.guard(null, null, () -> Script.GEO.run(jedis, meter, c.keys(), c.args()));
        } else if (!calls.isEmpty()) {
            Errors.guard(null, null, () -> Pipelines.scripts(jedis, Script.GEO, calls, meter));
        }
    }

    @Override
    public void removePoint(String set, String id, CostMeter meter) {
        checkSet(set, id);
        Errors.guard(null, null, () -> Script.GEO.run(jedis, meter, geoKeys(set), List.of(Keys.utf8(id))));
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
        List<GeoHit> hits = new ArrayList<>();
        List<GeoHit> candidates = candidates(set, latitude, longitude, radiusMeters, limit, meter);
        for (GeoHit h : candidates) {
            if (h.distanceMeters() <= radiusMeters) {
                hits.add(h);
            }
        }
        return nearest(hits, limit, candidates.size(), meter);
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
        double width = west <= east ? east - west : east + 360 - west;
        double centreLat = (south + north) / 2;
        double centreLon = normalize(west + width / 2);
        double radius = 0;
        for (int i = 0; i <= 16; i++) {
            double lon = normalize(west + width * i / 16);
            double lat = south + (north - south) * i / 16;
            radius = Math.max(radius, Math.max(distance(centreLat, centreLon, south, lon),
                    distance(centreLat, centreLon, north, lon)));
            radius = Math.max(radius, Math.max(distance(centreLat, centreLon, lat, west),
                    distance(centreLat, centreLon, lat, east)));
        }
        List<GeoHit> hits = new ArrayList<>();
        List<GeoHit> candidates = candidates(set, centreLat, centreLon, radius * 1.01 + 1, 0, meter);
        for (GeoHit h : candidates) {
            boolean inLon = west <= east ? h.longitude() >= west && h.longitude() <= east
                    : h.longitude() >= west || h.longitude() <= east;
            if (inLon && h.latitude() >= south && h.latitude() <= north) {
                hits.add(h);
            }
        }
        return nearest(hits, limit, candidates.size(), meter);
    }

    /** Every point that may lie within {@code radius} of the centre, with exact coordinates and distance. */
    private List<GeoHit> candidates(String set, double lat, double lon, double radius, int limit, CostMeter meter) {
        double hashable = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
        double shift = distance(lat, lon, hashable, lon);
        GeoSearchParam p = GeoSearchParam.geoSearchParam().fromLonLat(normalize(lon), hashable)
                .byRadius(radius + shift + 1, GeoUnit.M).asc();
        if (limit > 0 && shift == 0) {
            p.count(limit + SPARE);
        }
        meter.roundTrip();
        List<GeoRadiusResponse> found = Errors.guard(null, null, () -> jedis.geosearch(keys.geo(set), p));
        Map<String, GeoHit> out = new LinkedHashMap<>();
        if (!found.isEmpty()) {
            byte[][] ids = found.stream().map(GeoRadiusResponse::getMember).toArray(byte[][]::new);
            meter.roundTrip();
            List<byte[]> coordinates = Errors.guard(null, null, () -> jedis.hmget(keys.geoCoordinates(set), ids));
            for (int i = 0; i < ids.length; i++) {
                if (coordinates.get(i) != null) {
                    add(out, RangeReads.utf8(ids[i]), coordinates.get(i), lat, lon);
                }
            }
        }
        if (Math.abs(lat) + radius / MIN_METRES_PER_DEGREE > MAX_LATITUDE) {
            meter.roundTrip();
            Map<byte[], byte[]> polar = Errors.guard(null, null, () -> jedis.hgetAll(keys.geoPolar(set)));
            polar.forEach((id, c) -> add(out, RangeReads.utf8(id), c, lat, lon));
        }
        return List.copyOf(out.values());
    }

    private static void add(Map<String, GeoHit> out, String id, byte[] coordinates, double lat, double lon) {
        String[] parts = RangeReads.utf8(coordinates).split(",");
        double pLat = Double.parseDouble(parts[0]);
        double pLon = Double.parseDouble(parts[1]);
        out.put(id, new GeoHit(id, pLat, pLon, distance(lat, lon, pLat, pLon)));
    }

    /** The nearest {@code limit} hits; the other candidates read are reported as extra items read. */
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

    /** Longitude into [-180, 180): GEOSEARCH from longitude 180 misses points east of the antimeridian. */
    private static double normalize(double lon) {
        return lon >= 180 ? lon - 360 : lon;
    }

    /** Great-circle distance in metres (haversine), on Redis's sphere. */
    static double distance(double lat1, double lon1, double lat2, double lon2) {
        double dLat = Math.toRadians(lat2 - lat1);
        double dLon = Math.toRadians(lon2 - lon1);
        double a = Math.pow(Math.sin(dLat / 2), 2)
                + Math.cos(Math.toRadians(lat1)) * Math.cos(Math.toRadians(lat2)) * Math.pow(Math.sin(dLon / 2), 2);
        return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
    }
}
