package dev.nosqlpatterns.geo;

/**
 * A closed ring on the longitude-latitude plane, in degrees, with longitudes unwrapped (each edge goes
 * the shorter way, so they may run past ±180): the geometry behind {@link LatLonPolygon}. A ring that
 * winds around a pole is closed through that pole's latitude, making it an ordinary plane polygon one
 * turn (360 degrees) wide.
 */
final class PlanarRing {
    private final double[] xs;
    private final double[] ys;
    final double minX;
    final double maxX;
    final double minY;
    final double maxY;

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
        for (int i = 0; i < edges(); i++) {
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
        for (int i = 0; i < edges(); i++) {
            if (segmentMeetsBox(xs[i], ys[i], xs[i + 1], ys[i + 1], x0, x1, y0, y1)) {
                return true;
            }
        }
        return false;
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

    /** Liang-Barsky: whether the segment meets the closed rectangle. */
    static boolean segmentMeetsBox(double ax, double ay, double bx, double by, double x0, double x1, double y0,
                                   double y1) {
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
