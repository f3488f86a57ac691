package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.Objects;

/**
 * The points within a great-circle distance of a centre, edge included, as {@link LatLon#distanceMeters}
 * measures it: a spherical cap, which may contain a pole or cross the antimeridian.
 *
 * @param centre       the centre
 * @param radiusMeters the radius in metres, finite and at least 0
 */
public record Circle(LatLon centre, double radiusMeters) {

    /** Checks the radius. */
    public Circle {
        Objects.requireNonNull(centre, "circle centre must not be null");
        GeoChecks.radius(radiusMeters);
    }

    /** A circle, checking the three numbers at once and naming every bad one. */
    public static Circle of(double latitude, double longitude, double radiusMeters) {
        var problems = GeoChecks.problems();
        GeoChecks.latitude(problems, "latitude", latitude);
        GeoChecks.longitude(problems, "longitude", longitude);
        if (!(radiusMeters >= 0.0) || Double.isInfinite(radiusMeters)) {
            problems.add("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        GeoChecks.report(() -> "circle around (" + latitude + ", " + longitude + ") of radius " + radiusMeters + " m",
                problems);
        return new Circle(new LatLon(latitude, longitude), radiusMeters);
    }

    /** True when the point lies within the radius; coordinates are checked. */
    public boolean contains(double latitude, double longitude) {
        GeoChecks.latitude("latitude", latitude);
        GeoChecks.longitude("longitude", longitude);
        return distanceTo(latitude, longitude) <= radiusMeters;
    }

    public boolean contains(LatLon point) {
        return distanceTo(point.latitude(), point.longitude()) <= radiusMeters;
    }

    /** Distance from the centre to a point, in metres. */
    public double distanceTo(double latitude, double longitude) {
        return LatLon.distanceMeters(centre.latitude(), centre.longitude(), latitude, longitude);
    }

    /** Area of the cap in square metres (the whole sphere once the radius reaches half the circumference). */
    public double areaSquareMeters() {
        double angle = Math.min(Math.PI, radiusMeters / LatLon.EARTH_RADIUS_METERS);
        double s = Math.sin(angle * 0.5);
        return 4.0 * Math.PI * LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS * s * s;
    }
}
