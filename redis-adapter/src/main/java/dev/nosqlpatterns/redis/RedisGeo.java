package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.InvalidRequestException;
import dev.nosqlpatterns.store.capability.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.args.GeoUnit;
import redis.clients.jedis.params.GeoSearchParam;
import redis.clients.jedis.resps.GeoRadiusResponse;

/**
 * {@link NativeGeo} on Redis geo sets (GEOADD, GEOSEARCH). Redis keeps points as 52-bit geohashes, a few
 * decimetres off; a hash beside each set keeps the exact coordinates, which hits report and box searches
 * test. A box search is a radius search around the box's centre that covers the box, filtered to the box,
 * since GEOSEARCH BYBOX measures its box in metres, not degrees. Redis refuses latitudes beyond ±85.05112878.
 */
final class RedisGeo implements NativeGeo {
    static final double MAX_LATITUDE = 85.05112878;
    /** The earth radius Redis computes distances with. */
    private static final double EARTH_RADIUS_M = 6372797.560856;

    private final UnifiedJedis jedis;
    private final Keys keys;

    RedisGeo(UnifiedJedis jedis, Keys keys) {
        this.jedis = jedis;
        this.keys = keys;
    }

    @Override
    public void putPoint(String set, String id, double latitude, double longitude) {
        checkSet(set, id);
        checkPoint(set, latitude, longitude);
        Errors.guard(null, null, () -> Script.GEO.run(jedis, new CostMeter(), List.of(keys.geo(set), keys.geoCoordinates(set)),
                List.of(Keys.utf8(id), Keys.utf8(Double.toString(longitude)), Keys.utf8(Double.toString(latitude)))));
    }

    @Override
    public void removePoint(String set, String id) {
        checkSet(set, id);
        Errors.guard(null, null, () -> Script.GEO.run(jedis, new CostMeter(), List.of(keys.geo(set), keys.geoCoordinates(set)),
                List.of(Keys.utf8(id))));
    }

    @Override
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit) {
        checkSet(set, "");
        checkPoint(set, latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        checkLimit(limit);
        return exact(set, search(set, latitude, longitude, radiusMeters, limit));
    }

    @Override
    public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit) {
        checkSet(set, "");
        checkLimit(limit);
        if (!(south <= north) || south < -90 || north > 90 || !(west >= -180 && west <= 180 && east >= -180 && east <= 180)) {
            throw new IllegalArgumentException("box must have -90 <= south <= north <= 90 and longitudes in [-180, 180],"
                    + " got south " + south + ", west " + west + ", north " + north + ", east " + east);
        }
        double width = west <= east ? east - west : east + 360 - west;
        double centreLat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, (south + north) / 2));
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
        for (GeoHit h : exact(set, search(set, centreLat, centreLon, radius * 1.01 + 1, 0))) {
            boolean inLon = west <= east ? h.longitude() >= west && h.longitude() <= east
                    : h.longitude() >= west || h.longitude() <= east;
            if (inLon && h.latitude() >= south && h.latitude() <= north) {
                hits.add(h);
            }
        }
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters));
        return List.copyOf(hits.subList(0, Math.min(limit, hits.size())));
    }

    private List<GeoRadiusResponse> search(String set, double lat, double lon, double radius, int limit) {
        GeoSearchParam p = GeoSearchParam.geoSearchParam().fromLonLat(normalize(lon), lat).byRadius(radius, GeoUnit.M)
                .withCoord().withDist().asc();
        if (limit > 0) {
            p.count(limit);
        }
        return Errors.guard(null, null, () -> jedis.geosearch(keys.geo(set), p));
    }

    /** The hits with their exact coordinates. */
    private List<GeoHit> exact(String set, List<GeoRadiusResponse> found) {
        if (found.isEmpty()) {
            return List.of();
        }
        byte[][] ids = found.stream().map(GeoRadiusResponse::getMember).toArray(byte[][]::new);
        List<byte[]> coordinates = Errors.guard(null, null, () -> jedis.hmget(keys.geoCoordinates(set), ids));
        List<GeoHit> hits = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            GeoRadiusResponse r = found.get(i);
            double lat = r.getCoordinate().getLatitude();
            double lon = r.getCoordinate().getLongitude();
            byte[] c = coordinates.get(i);
            if (c != null) {
                String[] parts = RangeReads.utf8(c).split(",");
                lat = Double.parseDouble(parts[0]);
                lon = Double.parseDouble(parts[1]);
            }
            hits.add(new GeoHit(r.getMemberByString(), lat, lon, r.getDistance()));
        }
        return hits;
    }

    private static void checkSet(String set, String id) {
        if (set == null || set.isEmpty() || id == null) {
            throw new IllegalArgumentException("geo set name must be non-empty and point ids non-null");
        }
    }

    private static void checkPoint(String set, double lat, double lon) {
        if (!(Math.abs(lat) <= MAX_LATITUDE) || !(Math.abs(lon) <= 180)) {
            throw new InvalidRequestException("geo set '" + set + "': Redis takes latitudes within ±" + MAX_LATITUDE
                    + " and longitudes within ±180, got (" + lat + ", " + lon + ")");
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

    /** Great-circle distance in metres, as Redis computes it (haversine). */
    static double distance(double lat1, double lon1, double lat2, double lon2) {
        double dLat = Math.toRadians(lat2 - lat1);
        double dLon = Math.toRadians(lon2 - lon1);
        double a = Math.pow(Math.sin(dLat / 2), 2)
                + Math.cos(Math.toRadians(lat1)) * Math.cos(Math.toRadians(lat2)) * Math.pow(Math.sin(dLon / 2), 2);
        return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
    }
}
