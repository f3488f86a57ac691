package dev.nosqlpatterns.geo;

/** The circles a k-nearest search widens through, shared by both strategies. */
final class Nearest {
    /** The radius of the first circle, in metres. */
    static final double FIRST_RADIUS = 1_000;
    /** A radius past half the circumference: the circle is the whole sphere. */
    static final double WHOLE = Math.PI * LatLon.EARTH_RADIUS_METERS * (1 + 1e-9);

    private Nearest() {
    }

    /** Below this radius (1 m) a first circle is not made narrower, whatever the density. */
    static final double NARROWEST = 1;

    /**
     * The first radius of a search for {@code k} points where the points are {@code density} per square
     * metre ({@link #FIRST_RADIUS} when unknown, NaN): the circle that holds {@code k} at that density, with a
     * quarter of its radius to spare.
     */
    static double first(double density, int k) {
        if (Double.isNaN(density)) {
            return FIRST_RADIUS;
        }
        double radius = 1.25 * Math.sqrt(k / (Math.PI * density));
        return Math.min(WHOLE, Math.max(NARROWEST, radius));
    }

    /** The density, in points per square metre, of {@code k} points within {@code kthDistance} metres. */
    static double density(double kthDistance, int k) {
        double radius = Math.max(NARROWEST, kthDistance);
        return k / (Math.PI * radius * radius);
    }

    /**
     * The next radius after {@code radius} held {@code found} of the {@code k} points wanted: as if the
     * density so far went on (area growing with the square of the radius), with a quarter to spare, but at
     * least 1.5 and at most 8 times wider; 8 times when nothing was found; never past {@link #WHOLE}.
     */
    static double next(double radius, int found, int k) {
        double factor = found == 0 ? 8 : Math.max(1.5, Math.min(8, 1.25 * Math.sqrt((double) k / found)));
        return Math.min(WHOLE, radius * factor);
    }
}
