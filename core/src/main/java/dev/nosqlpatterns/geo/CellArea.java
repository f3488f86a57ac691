package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;

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
    /** The series' divisors as factors: multiplications, where divisions would take several times as long. */
    private static final double INV6 = 1.0 / 6;
    private static final double INV12 = 1.0 / 12;
    private static final double INV20 = 1.0 / 20;
    private static final double INV30 = 1.0 / 30;
    private static final double INV42 = 1.0 / 42;
    private static final double INV56 = 1.0 / 56;
    private static final double INV72 = 1.0 / 72;
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
        double sinHalf = h * (1 - h2 * INV6 * (1 - h2 * INV20 * (1 - h2 * INV42)));
        double d2 = d * d;
        double cosD = 1 - d2 * 0.5 * (1 - d2 * INV12 * (1 - d2 * INV30 * (1 - d2 * INV56)));
        double sinD = d * (1 - d2 * INV6 * (1 - d2 * INV20 * (1 - d2 * INV42 * (1 - d2 * INV72))));
        double cosMiddle = cosReference * cosD - sinReference * sinD;
        return R2 * Math.toRadians(widthDegrees) * 2 * cosMiddle * sinHalf;
    }
}
