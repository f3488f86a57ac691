package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A polygon on the map: an outer ring and optional holes, each a closed ring of points (the last point repeats
 * the first), for delivery zones, districts and geofences.
 *
 * <p>Edges are straight lines in longitude and latitude degrees (the plate carrée plane), the way most map
 * editors draw them, not great-circle arcs. The two differ most in the middle of long east-west edges at high
 * latitudes: a 100 km edge at 60° bends by about 80 m, a 10 km edge by under 1 m; split long edges where
 * that matters. An edge between longitudes more than 180° apart goes the short way, across the antimeridian,
 * so rings may cross it. A ring that goes once around a pole (its longitudes advance by 360° in all) encloses
 * that pole: the north one when its mean latitude is north of the equator, else the south one.
 *
 * <p>Refused at construction, naming the ring and the point: rings that are not closed, rings with fewer
 * than 3 distinct points, rings whose edges cross or touch each other (other than at neighbouring
 * corners), and holes that cross the outer ring. Immutable.
 *
 * @param outer the outer ring, closed
 * @param holes the holes, each closed and inside the outer ring
 */
public record LatLonPolygon(List<LatLon> outer, List<List<LatLon>> holes) {

    public LatLonPolygon {
        Objects.requireNonNull(outer, "outer ring must not be null");
        Objects.requireNonNull(holes, "holes must not be null (use List.of())");
        outer = List.copyOf(outer);
        List<List<LatLon>> copies = new ArrayList<>();
        for (List<LatLon> hole : holes) {
            copies.add(List.copyOf(Objects.requireNonNull(hole, "a hole must not be null")));
        }
        holes = List.copyOf(copies);
        List<String> problems = new ArrayList<>();
        List<Ring> rings = new ArrayList<>();
        Ring out = Ring.of("the outer ring", outer, problems);
        if (out != null) {
            rings.add(out);
        }
        for (int i = 0; i < holes.size(); i++) {
            Ring h = Ring.of("hole " + (i + 1), holes.get(i), problems);
            if (h != null) {
                rings.add(h);
            }
        }
        if (problems.isEmpty()) {
            Ring.checkCrossings(rings, problems);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid polygon: " + String.join("; ", problems));
        }
    }

    /** A polygon without holes. */
    public static LatLonPolygon of(List<LatLon> outer) {
        return new LatLonPolygon(outer, List.of());
    }

    /** A polygon from latitude, longitude pairs: {@code of(lat1, lon1, lat2, lon2, ..., lat1, lon1)}. */
    public static LatLonPolygon of(double... latLons) {
        Objects.requireNonNull(latLons, "coordinates must not be null");
        if (latLons.length % 2 != 0) {
            throw new IllegalArgumentException("coordinates come in latitude, longitude pairs; got " + latLons.length + " numbers");
        }
        List<LatLon> points = new ArrayList<>();
        for (int i = 0; i < latLons.length; i += 2) {
            points.add(LatLon.of(latLons[i], latLons[i + 1]));
        }
        return of(points);
    }

    /** The same polygon with {@code hole} cut out. */
    public LatLonPolygon withHole(List<LatLon> hole) {
        List<List<LatLon>> more = new ArrayList<>(holes);
        more.add(hole);
        return new LatLonPolygon(outer, more);
    }

    /** True when the point is inside the outer ring and outside every hole (edges count as inside). */
    public boolean contains(LatLon point) {
        Objects.requireNonNull(point, "point must not be null");
        return shape().contains(point.latitude(), point.longitude());
    }

    /** The polygon as the cover builder and the point filter see it. */
    PolygonShape shape() {
        return new PolygonShape(this);
    }
}
