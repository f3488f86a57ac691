package dev.nosqlpatterns.geo;

import java.util.function.IntConsumer;

/**
 * A closed ring on the longitude-latitude plane, in degrees, with longitudes unwrapped (each edge goes
 * the shorter way, so they may run past ±180): the geometry behind {@link LatLonPolygon}. A ring that
 * winds around a pole is closed through that pole's latitude, making it an ordinary plane polygon one
 * turn (360 degrees) wide.
 *
 * <p>Edges are also listed by bands of latitude, so that a point or a rectangle is tested against the
 * edges of the bands it lies in rather than against all of them: a cover tests a few hundred cells and a
 * search filters every point it reads, against rings of up to thousands of edges.
 */
final class PlanarRing {
    /** Edges per band aimed at. */
    private static final int EDGES_PER_BAND = 4;
    private static final int MAX_BANDS = 1024;
    /** Band entries allowed per edge, over all bands: long edges across many bands mean fewer bands. */
    private static final int MAX_ENTRIES_PER_EDGE = 8;

    private final double[] xs;
    private final double[] ys;
    final double minX;
    final double maxX;
    final double minY;
    final double maxY;
    /** Per band, the edges whose latitudes meet it; band k starts at {@code minY + k / bandScale}. */
    private final int[][] bands;
    private final double bandScale;

    /** Vertices {@code (xs[i], ys[i])}, the last equal to the first. */
    PlanarRing(double[] xs, double[] ys) {
        this.xs = xs;
        this.ys = ys;
        double x0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY;
        double y1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < xs.length; i++) {
            x0 = Math.min(x0, xs[i]);
            x1 = Math.max(x1, xs[i]);
            y0 = Math.min(y0, ys[i]);
            y1 = Math.max(y1, ys[i]);
        }
        minX = x0;
        maxX = x1;
        minY = y0;
        maxY = y1;
        int n = Math.max(1, Math.min(MAX_BANDS, edges() / EDGES_PER_BAND));
        while (n > 1 && entries(n) > (long) MAX_ENTRIES_PER_EDGE * edges()) {
            n /= 2;
        }
        bandScale = scale(n);
        bands = bandsOf(n);
    }

    private double scale(int n) {
        return maxY > minY ? n / (maxY - minY) : 0;
    }

    /**
     * The band of a latitude from minY to maxY, of {@code n} bands: monotone in the latitude, so an edge's
     * bands run from its lowest latitude's to its highest's.
     */
    private int band(double y, double scale, int n) {
        int k = (int) ((y - minY) * scale);
        return k < 0 ? 0 : Math.min(k, n - 1);
    }

    private int lowBand(int i, double scale, int n) {
        return band(Math.min(ys[i], ys[i + 1]), scale, n);
    }

    private int highBand(int i, double scale, int n) {
        return band(Math.max(ys[i], ys[i + 1]), scale, n);
    }

    private long entries(int n) {
        double scale = scale(n);
        long total = 0;
        for (int i = 0; i < edges(); i++) {
            total += highBand(i, scale, n) - lowBand(i, scale, n) + 1;
        }
        return total;
    }

    private int[][] bandsOf(int n) {
        double scale = scale(n);
        int[] counts = new int[n];
        for (int i = 0; i < edges(); i++) {
            for (int k = lowBand(i, scale, n); k <= highBand(i, scale, n); k++) {
                counts[k]++;
            }
        }
        int[][] out = new int[n][];
        for (int k = 0; k < n; k++) {
            out[k] = new int[counts[k]];
            counts[k] = 0;
        }
        for (int i = 0; i < edges(); i++) {
            for (int k = lowBand(i, scale, n); k <= highBand(i, scale, n); k++) {
                out[k][counts[k]++] = i;
            }
        }
        return out;
    }

    /** The band of a latitude from minY to maxY, as the bands were built. */
    private int band(double y) {
        return band(y, bandScale, bands.length);
    }

    int edges() {
        return xs.length - 1;
    }

    double x(int i) {
        return xs[i];
    }

    double y(int i) {
        return ys[i];
    }

    /** 1 inside, 0 on an edge, -1 outside (the plane, no unwrapping). */
    int locate(double px, double py) {
        if (px < minX || px > maxX || py < minY || py > maxY) {
            return -1;
        }
        boolean inside = false;
        // every edge a horizontal line through the point crosses, or that holds the point, is in its band
        for (int i : bands[band(py)]) {
            double ax = xs[i];
            double ay = ys[i];
            double bx = xs[i + 1];
            double by = ys[i + 1];
            if (onSegment(ax, ay, bx, by, px, py)) {
                return 0;
            }
            if ((ay > py) != (by > py)) {
                double xi = ax + (py - ay) * (bx - ax) / (by - ay);
                if (px < xi) {
                    inside = !inside;
                }
            }
        }
        return inside ? 1 : -1;
    }

    /** True when some edge meets the closed rectangle. */
    boolean crosses(double x0, double x1, double y0, double y1) {
        if (x1 < minX || x0 > maxX || y1 < minY || y0 > maxY) {
            return false;
        }
        // an edge meets the rectangle at some latitude from y0 to y1, so it is in that latitude's band
        int last = band(Math.min(y1, maxY));
        for (int k = band(Math.max(y0, minY)); k <= last; k++) {
            for (int i : bands[k]) {
                if (segmentMeetsBox(xs[i], ys[i], xs[i + 1], ys[i + 1], x0, x1, y0, y1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Gives each edge whose latitudes overlap {@code lo..hi} (closed) once, in no set order. */
    void edgesOverlapping(double lo, double hi, IntConsumer each) {
        if (hi < minY || lo > maxY) {
            return;
        }
        int last = band(Math.min(hi, maxY));
        for (int k = band(Math.max(lo, minY)); k <= last; k++) {
            for (int i : bands[k]) {
                double low = Math.min(ys[i], ys[i + 1]);
                // an edge lies in every band it spans: take it in the band where the overlap starts
                if (low <= hi && Math.max(ys[i], ys[i + 1]) >= lo && band(Math.max(lo, low)) == k) {
                    each.accept(i);
                }
            }
        }
    }

    /** The integral of sin(latitude) d(longitude) along the ring, in radians: its signed area on the unit sphere. */
    double sinIntegral() {
        double sum = 0;
        for (int i = 0; i < edges(); i++) {
            sum += sinIntegral(xs[i], ys[i], xs[i + 1], ys[i + 1]);
        }
        return sum;
    }

    static double sinIntegral(double ax, double ay, double bx, double by) {
        double dLambda = Math.toRadians(bx - ax);
        double p1 = Math.toRadians(ay);
        double p2 = Math.toRadians(by);
        if (Math.abs(p2 - p1) < 1e-9) {
            return dLambda * Math.sin((p1 + p2) * 0.5);
        }
        return dLambda * (Math.cos(p1) - Math.cos(p2)) / (p2 - p1);
    }

    static boolean onSegment(double ax, double ay, double bx, double by, double px, double py) {
        if (px < Math.min(ax, bx) || px > Math.max(ax, bx) || py < Math.min(ay, by) || py > Math.max(ay, by)) {
            return false;
        }
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax) == 0;
    }

    /** Liang-Barsky, after the segment's own box: whether the segment meets the closed rectangle. */
    static boolean segmentMeetsBox(double ax, double ay, double bx, double by, double x0, double x1, double y0,
                                   double y1) {
        if (Math.max(ax, bx) < x0 || Math.min(ax, bx) > x1 || Math.max(ay, by) < y0 || Math.min(ay, by) > y1) {
            return false;
        }
        double t0 = 0;
        double t1 = 1;
        double dx = bx - ax;
        double dy = by - ay;
        double[] p = {-dx, dx, -dy, dy};
        double[] q = {ax - x0, x1 - ax, ay - y0, y1 - ay};
        for (int k = 0; k < 4; k++) {
            if (p[k] == 0) {
                if (q[k] < 0) {
                    return false;
                }
            } else {
                double t = q[k] / p[k];
                if (p[k] < 0) {
                    t0 = Math.max(t0, t);
                } else {
                    t1 = Math.min(t1, t);
                }
                if (t0 > t1) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Orientation of c against the line a-b: positive left, negative right, 0 on it. */
    static double cross(double ax, double ay, double bx, double by, double cx, double cy) {
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    }

    /** Whether closed segments a-b and c-d share a point. */
    static boolean segmentsMeet(double ax, double ay, double bx, double by, double cx, double cy, double dx,
                                double dy) {
        if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)
                || Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) {
            return false;
        }
        double d1 = cross(cx, cy, dx, dy, ax, ay);
        double d2 = cross(cx, cy, dx, dy, bx, by);
        double d3 = cross(ax, ay, bx, by, cx, cy);
        double d4 = cross(ax, ay, bx, by, dx, dy);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
            return true;
        }
        return (d1 == 0 && onSegment(cx, cy, dx, dy, ax, ay)) || (d2 == 0 && onSegment(cx, cy, dx, dy, bx, by))
                || (d3 == 0 && onSegment(ax, ay, bx, by, cx, cy)) || (d4 == 0 && onSegment(ax, ay, bx, by, dx, dy));
    }
}
