package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Points placed by bearing and distance, and the brute-force answers searches must match. */
final class GeoFixtures {
    private GeoFixtures() {
    }

    /** The point {@code meters} from {@code from} along the initial bearing {@code degrees} (0 is north). */
    static LatLon destination(LatLon from, double degrees, double meters) {
        double angle = meters / LatLon.EARTH_RADIUS_METERS;
        double bearing = Math.toRadians(degrees);
        double phi = Math.toRadians(from.latitude());
        double sinPhi2 = Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(bearing);
        double phi2 = Math.asin(Math.max(-1, Math.min(1, sinPhi2)));
        double lambda2 = Math.toRadians(from.longitude()) + Math.atan2(Math.sin(bearing) * Math.sin(angle)
                * Math.cos(phi), Math.cos(angle) - Math.sin(phi) * sinPhi2);
        double lon = ((Math.toDegrees(lambda2) + 180) % 360 + 360) % 360 - 180;
        return LatLon.of(Math.max(-90, Math.min(90, Math.toDegrees(phi2))), Math.max(-180, Math.min(180, lon)));
    }

    /** The ids within {@code radius} of {@code centre}, nearest first (ties by id), at most {@code limit}. */
    static List<String> within(Map<String, LatLon> points, LatLon centre, double radius, int limit) {
        List<Map.Entry<String, LatLon>> inside = new ArrayList<>();
        for (Map.Entry<String, LatLon> e : points.entrySet()) {
            if (centre.distanceTo(e.getValue()) <= radius) {
                inside.add(e);
            }
        }
        inside.sort(Comparator.<Map.Entry<String, LatLon>>comparingDouble(e -> centre.distanceTo(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        return inside.stream().limit(limit).map(Map.Entry::getKey).toList();
    }

    /** The ids inside {@code box}, nearest to its centre first (ties by id). */
    static List<String> inside(Map<String, LatLon> points, LatLonBox box) {
        LatLon centre = box.centre();
        return points.entrySet().stream().filter(e -> box.contains(e.getValue()))
                .sorted(Comparator.<Map.Entry<String, LatLon>>comparingDouble(e -> centre.distanceTo(e.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey).toList();
    }

    static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }
}
