package dev.nosqlpatterns.store.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A point on the Earth in degrees (WGS84 latitude and longitude), and the great-circle distance
 * between points, the metric every geo search here filters and sorts by.
 *
 * <p>Distances use the haversine formula on a sphere of radius {@link #EARTH_RADIUS_METERS} (the mean
 * Earth radius), accurate to about 0.5% against the ellipsoid, and well conditioned for short
 * distances. Longitudes -180 and 180 name the same meridian.
 *
 * <p>It is a model value, not only a {@link dev.nosqlpatterns.geo geo} one: a {@link GeoHit} carries one,
 * and the store's native geo search answers those hits as the {@code geo} technique does; the store's
 * adapters measure with {@link #distanceMeters} too.
 *
 * @param latitude  from -90 (south pole) to 90 (north pole)
 * @param longitude from -180 to 180
 */
public record LatLon(double latitude, double longitude) {

    /** The mean Earth radius in metres (IUGG). */
    public static final double EARTH_RADIUS_METERS = 6_371_008.8;

    /** Checks both coordinates, naming every bad one. */
    public LatLon {
        List<String> problems = new ArrayList<>(2);
        if (!(latitude >= -90.0 && latitude <= 90.0)) {
            problems.add("latitude must be a finite number of degrees from -90 to 90, got " + latitude);
        }
        if (!(longitude >= -180.0 && longitude <= 180.0)) {
            problems.add("longitude must be a finite number of degrees from -180 to 180, got " + longitude);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("point (" + latitude + ", " + longitude + "): "
                    + String.join("; ", problems));
        }
    }

    public static LatLon of(double latitude, double longitude) {
        return new LatLon(latitude, longitude);
    }

    /** Great-circle distance to {@code other} in metres. */
    public double distanceTo(LatLon other) {
        return distanceMeters(latitude, longitude, other.latitude, other.longitude);
    }

    /** Great-circle distance in metres between two points given in degrees; coordinates are not checked. */
    public static double distanceMeters(double lat1, double lon1, double lat2, double lon2) {
        double dLon = lon2 - lon1;
        if (dLon > 180.0) {
            dLon -= 360.0;
        } else if (dLon < -180.0) {
            dLon += 360.0;
        }
        return centralAngle(Math.toRadians(lat1), 0.0, Math.toRadians(lat2), Math.toRadians(dLon))
                * EARTH_RADIUS_METERS;
    }

    /** The haversine central angle in radians between two points given in radians. */
    private static double centralAngle(double phi1, double lambda1, double phi2, double lambda2) {
        double sinDPhi = Math.sin((phi2 - phi1) * 0.5);
        double sinDLambda = Math.sin((lambda2 - lambda1) * 0.5);
        double a = sinDPhi * sinDPhi + Math.cos(phi1) * Math.cos(phi2) * sinDLambda * sinDLambda;
        return 2.0 * Math.asin(Math.sqrt(Math.min(1.0, a)));
    }

    @Override
    public String toString() {
        return "(" + latitude + ", " + longitude + ")";
    }
}
