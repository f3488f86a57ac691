package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;

/**
 * A latitude-longitude rectangle, edges included: the bounds of a geohash cell, or a box to search.
 *
 * <p>When {@code west > east} the box crosses the antimeridian: it spans from {@code west} east to 180
 * and on from -180 to {@code east}. Longitudes -180 and 180 name the same meridian, so a box whose edge
 * is at one of them contains points given at the other. {@code west = -180, east = 180} spans every
 * longitude.
 *
 * @param south southern edge, -90 to 90, at most {@code north}
 * @param west  western edge, -180 to 180
 * @param north northern edge, -90 to 90
 * @param east  eastern edge, -180 to 180
 */
public record LatLonBox(double south, double west, double north, double east) {

    /** Checks every edge at once, naming each bad value. */
    public LatLonBox {
        var problems = GeoChecks.problems();
        GeoChecks.latitude(problems, "south", south);
        GeoChecks.longitude(problems, "west", west);
        GeoChecks.latitude(problems, "north", north);
        GeoChecks.longitude(problems, "east", east);
        if (problems.isEmpty() && south > north) {
            problems.add("south " + south + " lies north of north " + north);
        }
        GeoChecks.report(() -> "box [south " + south + ", west " + west + ", north " + north + ", east " + east + "]",
                problems);
    }

    public static LatLonBox of(double south, double west, double north, double east) {
        return new LatLonBox(south, west, north, east);
    }

    /** True when the box spans the antimeridian ({@code west > east}). */
    public boolean crossesAntimeridian() {
        return west > east;
    }

    /** Width in degrees of longitude, 0 to 360. */
    public double widthDegrees() {
        return crossesAntimeridian() ? east - west + 360.0 : east - west;
    }

    /** True when the point lies inside or on the edge; coordinates are checked. */
    public boolean contains(double latitude, double longitude) {
        GeoChecks.latitude("latitude", latitude);
        GeoChecks.longitude("longitude", longitude);
        return containsUnchecked(latitude, longitude);
    }

    public boolean contains(LatLon point) {
        return containsUnchecked(point.latitude(), point.longitude());
    }

    boolean containsUnchecked(double latitude, double longitude) {
        if (latitude < south || latitude > north) {
            return false;
        }
        return spansLongitude(longitude)
                || (longitude == -180.0 && spansLongitude(180.0))
                || (longitude == 180.0 && spansLongitude(-180.0));
    }

    private boolean spansLongitude(double longitude) {
        return crossesAntimeridian() ? longitude >= west || longitude <= east : longitude >= west && longitude <= east;
    }

    /** The point halfway between the edges. */
    public LatLon centre() {
        double lon = west + widthDegrees() * 0.5;
        return new LatLon((south + north) * 0.5, lon > 180.0 ? lon - 360.0 : lon);
    }

    /** Area on the sphere of {@link LatLon#EARTH_RADIUS_METERS}, in square metres. */
    public double areaSquareMeters() {
        return sphereArea(south, north, widthDegrees());
    }

    static double sphereArea(double south, double north, double widthDegrees) {
        double r = LatLon.EARTH_RADIUS_METERS;
        return r * r * Math.toRadians(widthDegrees)
                * (Math.sin(Math.toRadians(north)) - Math.sin(Math.toRadians(south)));
    }
}
