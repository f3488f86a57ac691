package dev.nosqlpatterns.store;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks of native geo calls made by {@link NativeGeoCalls}, so that every store refuses the same
 * bad sets, ids, coordinates, radii, boxes and limits alike, before anything is sent.
 */
final class GeoArguments {
    /** Bytes of one point's coordinates, counted with its id in the reported bytes. */
    private static final int COORDINATE_BYTES = 16;

    private GeoArguments() {
    }

    static void set(String set) {
        Objects.requireNonNull(set, "geo set must not be null");
        if (set.isEmpty()) {
            throw new IllegalArgumentException("geo set must not be empty");
        }
    }

    static void id(String set, String id) {
        set(set);
        Objects.requireNonNull(id, "point id must not be null (geo set '" + set + "')");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("point id must not be empty (geo set '" + set + "')");
        }
    }

    static void point(String what, double latitude, double longitude) {
        if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
            throw new IllegalArgumentException(what + " needs latitude in [-90, 90] and longitude in [-180, 180], got ("
                    + latitude + ", " + longitude + ")");
        }
    }

    /** The points checked, the last of each id kept, in first-seen order. */
    static List<dev.nosqlpatterns.store.model.GeoPoint> points(String set, List<dev.nosqlpatterns.store.model.GeoPoint> points) {
        set(set);
        Objects.requireNonNull(points, "points must not be null");
        Map<String, dev.nosqlpatterns.store.model.GeoPoint> last = new LinkedHashMap<>();
        for (dev.nosqlpatterns.store.model.GeoPoint p : points) {
            Objects.requireNonNull(p, "points must not contain null (geo set '" + set + "')");
            id(set, p.id());
            point("point '" + p.id() + "'", p.latitude(), p.longitude());
            last.remove(p.id());
            last.put(p.id(), p);
        }
        return List.copyOf(last.values());
    }

    static void radius(String set, double latitude, double longitude, double radiusMeters, int limit) {
        set(set);
        point("a radius search's centre", latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        limit(limit);
    }

    static void box(String set, double south, double west, double north, double east, int limit) {
        set(set);
        point("a box's south-west corner", south, west);
        point("a box's north-east corner", north, east);
        if (south > north) {
            throw new IllegalArgumentException("the box's south " + south + " lies north of its north " + north);
        }
        limit(limit);
    }

    /** The rings copied, their vertices in range; the rest of a polygon's checks are the adapter's. */
    static List<List<dev.nosqlpatterns.store.model.GeoVertex>> polygon(String set, List<List<dev.nosqlpatterns.store.model.GeoVertex>> rings, int limit) {
        set(set);
        Objects.requireNonNull(rings, "polygon rings must not be null");
        if (rings.isEmpty()) {
            throw new IllegalArgumentException("a polygon needs an outer ring");
        }
        List<List<dev.nosqlpatterns.store.model.GeoVertex>> copy = new java.util.ArrayList<>(rings.size());
        for (int r = 0; r < rings.size(); r++) {
            List<dev.nosqlpatterns.store.model.GeoVertex> ring = Objects.requireNonNull(rings.get(r), "polygon ring " + r + " must not be null");
            for (dev.nosqlpatterns.store.model.GeoVertex v : ring) {
                Objects.requireNonNull(v, "polygon ring " + r + " must not contain null");
                point("polygon ring " + r + "'s vertex", v.latitude(), v.longitude());
            }
            copy.add(List.copyOf(ring));
        }
        limit(limit);
        return List.copyOf(copy);
    }

    private static void limit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }

    /** Bytes counted for one point: its id in UTF-8 and two doubles. */
    static long bytes(String id) {
        return id.getBytes(StandardCharsets.UTF_8).length + COORDINATE_BYTES;
    }
}
