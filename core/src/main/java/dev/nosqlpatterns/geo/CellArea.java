package dev.nosqlpatterns.geo;

/**
 * The area of a cell on the sphere ({@link LatLonBox#sphereArea}) without trigonometry for cells near a
 * reference latitude, as a cover's refinement weighs many small cells around its shape: {@code sin north
 * - sin south = 2 cos(middle) sin(half height)}, both factors from short series around the reference,
 * accurate to about 1e-15 relative. Farther or larger cells take the exact formula.
 */
final class CellArea {
    /** Half heights, in radians, up to which the series of the sine is used. */
    private static final double MAX_HALF_HEIGHT = 0.05;
    /** Distances of the middle from the reference, in radians, up to which its cosine comes from a series. */
    private static final double MAX_OFFSET = 0.1;
    private static final double R2 = LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS;

    private final double reference;
    private final double sinReference;
    private final double cosReference;

    CellArea(double referenceLatitude) {
        this(Math.toRadians(referenceLatitude), Math.sin(Math.toRadians(referenceLatitude)),
                Math.cos(Math.toRadians(referenceLatitude)));
    }

    /** Around a latitude in radians whose sine and cosine are known. */
    CellArea(double reference, double sinReference, double cosReference) {
        this.reference = reference;
        this.sinReference = sinReference;
        this.cosReference = cosReference;
    }

    /** The area in square metres of the cell from {@code south} to {@code north}, {@code widthDegrees} wide. */
    double of(double south, double north, double widthDegrees) {
        double s = Math.toRadians(south);
        double n = Math.toRadians(north);
        double h = (n - s) * 0.5;
        double d = (n + s) * 0.5 - reference;
        if (h > MAX_HALF_HEIGHT || Math.abs(d) > MAX_OFFSET) {
            return LatLonBox.sphereArea(south, north, widthDegrees);
        }
        double h2 = h * h;
        double sinHalf = h * (1 - h2 / 6 * (1 - h2 / 20 * (1 - h2 / 42)));
        double d2 = d * d;
        double cosD = 1 - d2 / 2 * (1 - d2 / 12 * (1 - d2 / 30 * (1 - d2 / 56)));
        double sinD = d * (1 - d2 / 6 * (1 - d2 / 20 * (1 - d2 / 42 * (1 - d2 / 72))));
        double cosMiddle = cosReference * cosD - sinReference * sinD;
        return R2 * Math.toRadians(widthDegrees) * 2 * cosMiddle * sinHalf;
    }
}
