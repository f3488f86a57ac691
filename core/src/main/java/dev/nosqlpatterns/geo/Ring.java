package dev.nosqlpatterns.geo;

import java.util.List;

/**
 * One ring of a {@link LatLonPolygon} in the plate carrée plane: longitudes unwrapped so that every edge goes
 * the short way (across the antimeridian when that is shorter), and a ring around a pole closed along the
 * pole's latitude. Points are tested at their longitude and 360° either side.
 */
final class Ring {
    final double[] xs;
    final double[] ys;
    final double minX;
    final double maxX;
    final double minY;
    final double maxY;
    /** +90 or -90 for a ring around a pole, else 0. */
    final double pole;

    private Ring(double[] xs, double[] ys, double pole) {
        this.xs = xs;
        this.ys = ys;
        this.pole = pole;
        double x0 = Double.MAX_VALUE;
        double x1 = -Double.MAX_VALUE;
        double y0 = Double.MAX_VALUE;
        double y1 = -Double.MAX_VALUE;
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

    /** The ring of {@code points}, or null after adding what is wrong with it to {@code problems}. */
    static Ring of(String name, List<LatLon> points, List<String> problems) {
        if (points.size() < 2 || !points.get(0).equals(points.get(points.size() - 1))) {
            problems.add(name + " is not closed: its last point must repeat its first"
                    + (points.isEmpty() ? " (it has none)" : ", " + points.get(0)));
            return null;
        }
        List<LatLon> open = points.subList(0, points.size() - 1);
        long distinct = open.stream().distinct().count();
        if (distinct < 3) {
            problems.add(name + " has " + distinct + " distinct point(s); a ring needs at least 3");
            return null;
        }
        int n = open.size();
        double[] xs = new double[n + 1];
        double[] ys = new double[n + 1];
        double meanLat = 0;
        xs[0] = open.get(0).longitude();
        ys[0] = open.get(0).latitude();
        for (int i = 1; i <= n; i++) {
            LatLon p = open.get(i % n);
            double d = p.longitude() - open.get(i - 1).longitude();
            if (d > 180) {
                d -= 360;
            } else if (d < -180) {
                d += 360;
            }
            xs[i] = xs[i - 1] + d;
            ys[i] = p.latitude();
            meanLat += p.latitude() / n;
        }
        double turn = xs[n] - xs[0];
        if (Math.abs(turn) < 1e-9) {
            return new Ring(xs, ys, 0);
        }
        if (Math.abs(Math.abs(turn) - 360) > 1e-9) {
            problems.add(name + " winds " + Math.round(turn / 360) + " times around a pole; a ring goes around one at most once");
            return null;
        }
        double pole = meanLat >= 0 ? 90 : -90;
        double[] px = new double[n + 3];
        double[] py = new double[n + 3];
        System.arraycopy(xs, 0, px, 0, n + 1);
        System.arraycopy(ys, 0, py, 0, n + 1);
        px[n + 1] = xs[n];
        py[n + 1] = pole;
        px[n + 2] = xs[0];
        py[n + 2] = pole;
        double[] cx = java.util.Arrays.copyOf(px, n + 4);
        double[] cy = java.util.Arrays.copyOf(py, n + 4);
        cx[n + 3] = xs[0];
        cy[n + 3] = ys[0];
        return new Ring(cx, cy, pole);
    }

    int edges() {
        return xs.length - 1;
    }

    /**
     * Where the point is: 1 inside, 0 on an edge, -1 outside, at its longitude or 360° either side (inside
     * wins over on an edge, on an edge over outside).
     */
    int locate(double lat, double lon) {
        int best = -1;
        for (double shift = -360; shift <= 360; shift += 360) {
            double x = lon + shift;
            if (x < minX - 1e-12 || x > maxX + 1e-12 || lat < minY - 1e-12 || lat > maxY + 1e-12) {
                continue;
            }
            int at = locateUnshifted(x, lat);
            best = Math.max(best, at);
            if (best == 1) {
                return 1;
            }
        }
        return best;
    }

    private int locateUnshifted(double x, double y) {
        boolean inside = false;
        for (int i = 0; i < edges(); i++) {
            double x1 = xs[i];
            double y1 = ys[i];
            double x2 = xs[i + 1];
            double y2 = ys[i + 1];
            if (onSegment(x, y, x1, y1, x2, y2)) {
                return 0;
            }
            if ((y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1)) {
                inside = !inside;
            }
        }
        return inside ? 1 : -1;
    }

    private static boolean onSegment(double x, double y, double x1, double y1, double x2, double y2) {
        double cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
        if (Math.abs(cross) > 1e-12 * (1 + Math.abs(x2 - x1) + Math.abs(y2 - y1))) {
            return false;
        }
        return x >= Math.min(x1, x2) - 1e-12 && x <= Math.max(x1, x2) + 1e-12
                && y >= Math.min(y1, y2) - 1e-12 && y <= Math.max(y1, y2) + 1e-12;
    }

    /** True when any edge (at any of the three shifts) meets the closed rectangle. */
    boolean crosses(double w, double e, double s, double n) {
        for (double shift = -360; shift <= 360; shift += 360) {
            if (maxX + shift < w || minX + shift > e || maxY < s || minY > n) {
                continue;
            }
            for (int i = 0; i < edges(); i++) {
                if (segmentMeetsRect(xs[i] + shift, ys[i], xs[i + 1] + shift, ys[i + 1], w, e, s, n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean segmentMeetsRect(double x1, double y1, double x2, double y2, double w, double e, double s,
                                            double n) {
        if (Math.max(x1, x2) < w || Math.min(x1, x2) > e || Math.max(y1, y2) < s || Math.min(y1, y2) > n) {
            return false;
        }
        if (x1 >= w && x1 <= e && y1 >= s && y1 <= n || x2 >= w && x2 <= e && y2 >= s && y2 <= n) {
            return true;
        }
        return segmentsMeet(x1, y1, x2, y2, w, s, e, s) || segmentsMeet(x1, y1, x2, y2, e, s, e, n)
                || segmentsMeet(x1, y1, x2, y2, e, n, w, n) || segmentsMeet(x1, y1, x2, y2, w, n, w, s);
    }

    static boolean segmentsMeet(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
        double d1 = orient(cx, cy, dx, dy, ax, ay);
        double d2 = orient(cx, cy, dx, dy, bx, by);
        double d3 = orient(ax, ay, bx, by, cx, cy);
        double d4 = orient(ax, ay, bx, by, dx, dy);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
            return true;
        }
        return d1 == 0 && between(cx, cy, dx, dy, ax, ay) || d2 == 0 && between(cx, cy, dx, dy, bx, by)
                || d3 == 0 && between(ax, ay, bx, by, cx, cy) || d4 == 0 && between(ax, ay, bx, by, dx, dy);
    }

    private static double orient(double ax, double ay, double bx, double by, double cx, double cy) {
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    }

    private static boolean between(double ax, double ay, double bx, double by, double px, double py) {
        return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);
    }

    /** Adds a problem for every pair of edges that meet other than at the corner two neighbours share. */
    static void checkCrossings(List<Ring> rings, List<String> problems) {
        for (int a = 0; a < rings.size(); a++) {
            for (int b = a; b < rings.size(); b++) {
                Ring r = rings.get(a);
                Ring q = rings.get(b);
                for (int i = 0; i < r.edges(); i++) {
                    for (int j = a == b ? i + 1 : 0; j < q.edges(); j++) {
                        if (a == b && (j == i + 1 || (i == 0 && j == r.edges() - 1))) {
                            continue;
                        }
                        for (double shift = -360; shift <= 360; shift += 360) {
                            if (a == b && shift != 0) {
                                continue;
                            }
                            if (segmentsMeet(r.xs[i], r.ys[i], r.xs[i + 1], r.ys[i + 1], q.xs[j] + shift, q.ys[j],
                                    q.xs[j + 1] + shift, q.ys[j + 1])) {
                                problems.add((a == b ? "ring " + (a == 0 ? "outer" : "hole " + a) + " crosses itself"
                                        : "hole " + b + " meets " + (a == 0 ? "the outer ring" : "hole " + a))
                                        + " near (" + r.ys[i] + ", " + normal(r.xs[i]) + ")");
                                return;
                            }
                        }
                    }
                }
            }
        }
        for (int h = 1; h < rings.size(); h++) {
            Ring hole = rings.get(h);
            if (rings.get(0).locate(hole.ys[0], normal(hole.xs[0])) < 0) {
                problems.add("hole " + h + " lies outside the outer ring");
            }
        }
    }

    static double normal(double lon) {
        double l = ((lon + 180) % 360 + 360) % 360 - 180;
        return l == -180 && lon > 0 ? 180 : l;
    }

    /** The area the ring encloses on the sphere, approximately (straight edges in longitude and sin(latitude)). */
    double area() {
        double sum = 0;
        for (int i = 0; i < edges(); i++) {
            double x1 = Math.toRadians(xs[i]);
            double x2 = Math.toRadians(xs[i + 1]);
            double y1 = Math.sin(Math.toRadians(ys[i]));
            double y2 = Math.sin(Math.toRadians(ys[i + 1]));
            sum += (x1 * y2 - x2 * y1);
        }
        return Math.abs(sum) / 2 * LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS;
    }
}
