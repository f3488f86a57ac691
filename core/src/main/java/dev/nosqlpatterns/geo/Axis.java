package dev.nosqlpatterns.geo;

/**
 * One bounded dimension cut into 2^32 equal cells: the value of a Morton code's x or y integer.
 *
 * <p>{@link #quantize} returns the largest cell index whose lower {@link #bound} is at most the value,
 * which is exactly the cell a bisection with "value &gt;= midpoint goes up" (the geohash rule) reaches
 * after 32 steps whenever the bounds are exact, as they are for longitude and latitude. The estimate
 * is one multiplication; at most a step or two of correction follows, against the same bounds the cells
 * report, so a value always lies inside the closed bounds of its cell.
 */
final class Axis {
    static final long CELLS = 1L << 32;
    static final long LAST = CELLS - 1;
    /** Fraction of a cell within which the one-multiplication estimate is checked against the bounds. */
    private static final double NEAR_EDGE = 1e-4;

    static final Axis LONGITUDE = new Axis(-180.0, 180.0);
    private static final double LONGITUDE_STEP = 360.0 * 0x1p-32;
    private static final double LATITUDE_STEP = 180.0 * 0x1p-32;
    static final Axis LATITUDE = new Axis(-90.0, 90.0);

    final double min;
    final double max;
    private final double step;
    private final double scale;

    Axis(double min, double max) {
        this.min = min;
        this.max = max;
        this.step = (max - min) * 0x1p-32;
        this.scale = 0x1p32 / (max - min);
    }

    /** The cell index of a value inside [min, max]; the caller checks the range. */
    long quantize(double value) {
        double f = (value - min) * scale;
        long q = (long) f;
        double r = f - q;
        if (r > NEAR_EDGE && r < 1 - NEAR_EDGE && q <= LAST) {
            // The estimate errs by far less than NEAR_EDGE of a cell, so away from an edge it is exact.
            return q;
        }
        if (q > LAST) {
            q = LAST;
        } else if (q < 0) {
            q = 0;
        }
        while (q < LAST && bound(q + 1) <= value) {
            q++;
        }
        while (q > 0 && bound(q) > value) {
            q--;
        }
        return q;
    }

    /** The lower edge of cell {@code k}, for k from 0 to {@link #CELLS} (the upper edge of the last cell). */
    double bound(long k) {
        return k >= CELLS ? max : Math.min(max, min + k * step);
    }

    /** The lower edge of longitude cell {@code k} (0 to {@link #CELLS}), exact: the step is 45 * 2^-29. */
    static double longitude(long k) {
        return -180.0 + k * LONGITUDE_STEP;
    }

    /** The lower edge of latitude cell {@code k} (0 to {@link #CELLS}), exact: the step is 45 * 2^-30. */
    static double latitude(long k) {
        return -90.0 + k * LATITUDE_STEP;
    }

    /** The centre of the cells from {@code first} to {@code last}, inclusive. */
    double centre(long first, long last) {
        return (bound(first) + bound(last + 1)) * 0.5;
    }
}
