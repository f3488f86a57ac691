package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The checks of {@link LatLonPolygon}'s rings, and their planar form: each ring unwrapped in longitude
 * (every edge the shorter way), a ring winding once round a pole closed through the smaller side's pole.
 */
final class PolygonRings {
    private PolygonRings() {
    }

    /** Planar rings of a valid polygon; pole 90, -90 or 0. */
    record Checked(PlanarRing outer, List<PlanarRing> holes, double pole) {
    }

    /** One ring unwrapped: its distinct vertices as given and their plane coordinates (closed, n + 1). */
    private record Unwrapped(String name, List<LatLon> vertices, double[] xs, double[] ys, int winding) {
        int edges() {
            return vertices.size();
        }

        String edge(int i) {
            return "the edge from " + vertices.get(i) + " to " + vertices.get((i + 1) % vertices.size());
        }
    }

    static Checked check(List<List<LatLon>> rings, List<String> problems) {
        if (rings.isEmpty()) {
            problems.add("needs an outer ring");
            return null;
        }
        int total = 0;
        for (List<LatLon> ring : rings) {
            total += ring == null ? 0 : ring.size();
        }
        if (total > LatLonPolygon.MAX_VERTICES) {
            problems.add("has " + total + " vertices, more than " + LatLonPolygon.MAX_VERTICES);
            return null;
        }
        List<Unwrapped> unwrapped = new ArrayList<>();
        for (int r = 0; r < rings.size(); r++) {
            String name = r == 0 ? "the outer ring" : "hole " + r;
            List<LatLon> ring = rings.get(r);
            Unwrapped u = unwrap(name, ring, problems);
            if (u != null) {
                if (r > 0 && u.winding != 0) {
                    problems.add(name + " winds around a pole; only the outer ring may");
                } else if (Math.abs(u.winding) > 1) {
                    problems.add(name + " winds around a pole " + Math.abs(u.winding) + " times; at most once");
                } else {
                    selfCrossing(u, problems);
                }
                unwrapped.add(u);
            }
        }
        if (!problems.isEmpty()) {
            return null;
        }
        for (int i = 0; i < unwrapped.size(); i++) {
            for (int j = i + 1; j < unwrapped.size(); j++) {
                String meet = meeting(unwrapped.get(i), unwrapped.get(j));
                if (meet != null) {
                    problems.add(unwrapped.get(j).name + " touches or crosses " + unwrapped.get(i).name + ": " + meet);
                }
            }
        }
        if (!problems.isEmpty()) {
            return null;
        }
        Unwrapped o = unwrapped.get(0);
        double pole = o.winding == 0 ? 0 : pole(o);
        PlanarRing outer = pole == 0 ? new PlanarRing(o.xs, o.ys) : closedThroughPole(o, pole);
        List<PlanarRing> holes = new ArrayList<>();
        for (int r = 1; r < unwrapped.size(); r++) {
            Unwrapped h = unwrapped.get(r);
            PlanarRing ring = new PlanarRing(h.xs, h.ys);
            LatLon v = h.vertices.get(0);
            if (!inside(outer, v)) {
                problems.add(h.name + " is not inside the outer ring: its vertex " + v + " lies outside it");
            }
            for (int q = 0; q < holes.size(); q++) {
                if (inside(holes.get(q), v) || inside(ring, unwrapped.get(q + 1).vertices.get(0))) {
                    problems.add(h.name + " and hole " + (q + 1) + " lie one inside the other");
                }
            }
            holes.add(ring);
        }
        return problems.isEmpty() ? new Checked(outer, List.copyOf(holes), pole) : null;
    }

    private static boolean inside(PlanarRing ring, LatLon v) {
        for (long k = -2; k <= 2; k++) {
            if (ring.locate(v.longitude() + 360.0 * k, v.latitude()) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static Unwrapped unwrap(String name, List<LatLon> ring, List<String> problems) {
        if (ring == null) {
            problems.add(name + " must not be null");
            return null;
        }
        for (int i = 0; i < ring.size(); i++) {
            if (ring.get(i) == null) {
                problems.add(name + " has a null vertex at index " + i);
                return null;
            }
        }
        if (ring.size() < 4) {
            problems.add(name + " needs at least 4 vertices (3 distinct points, then the first again to close it), got "
                    + ring.size() + ": " + ring);
            return null;
        }
        LatLon first = ring.get(0);
        LatLon last = ring.get(ring.size() - 1);
        if (!same(first, last)) {
            problems.add(name + " is not closed: its first vertex " + first + " differs from its last " + last
                    + "; repeat the first vertex at the end");
            return null;
        }
        List<LatLon> vertices = new ArrayList<>();
        for (int i = 0; i < ring.size() - 1; i++) {
            if (vertices.isEmpty() || !same(vertices.get(vertices.size() - 1), ring.get(i))) {
                vertices.add(ring.get(i));
            }
        }
        while (vertices.size() > 1 && same(vertices.get(vertices.size() - 1), vertices.get(0))) {
            vertices.remove(vertices.size() - 1);
        }
        Set<LatLon> distinct = new HashSet<>();
        vertices.forEach(v -> distinct.add(new LatLon(v.latitude(), v.longitude() == -180 ? 180 : v.longitude())));
        if (distinct.size() < 3) {
            problems.add(name + " has fewer than 3 distinct points: " + ring);
            return null;
        }
        int n = vertices.size();
        double[] xs = new double[n + 1];
        double[] ys = new double[n + 1];
        xs[0] = first.longitude();
        ys[0] = first.latitude();
        for (int i = 1; i <= n; i++) {
            LatLon a = vertices.get(i - 1);
            LatLon b = vertices.get(i % n);
            double d = b.longitude() - a.longitude();
            d = d > 180 ? d - 360 : d < -180 ? d + 360 : d;
            if (Math.abs(d) == 180) {
                problems.add(name + ": the edge from " + a + " to " + b
                        + " spans exactly 180 degrees of longitude, so its way round is ambiguous; add a vertex on it");
                return null;
            }
            xs[i] = xs[i - 1] + d;
            ys[i] = b.latitude();
        }
        long turns = Math.round((xs[n] - xs[0]) / 360.0);
        xs[n] = xs[0] + 360.0 * turns;
        return new Unwrapped(name, List.copyOf(vertices), xs, ys, (int) turns);
    }

    private static boolean same(LatLon a, LatLon b) {
        return a.latitude() == b.latitude() && (a.longitude() == b.longitude()
                || Math.abs(a.longitude()) == 180 && Math.abs(b.longitude()) == 180);
    }

    /** Shifts of 360 degrees under which two rings' plane extents may overlap. */
    private static long[] shifts(Unwrapped a, Unwrapped b) {
        double aMin = min(a.xs);
        double aMax = max(a.xs);
        double bMin = min(b.xs);
        double bMax = max(b.xs);
        long from = (long) Math.floor((aMin - bMax) / 360.0);
        long to = (long) Math.ceil((aMax - bMin) / 360.0);
        return new long[] {from, to};
    }

    /**
     * The first pair of edges, in the order of the first edge then the second, that cross or touch other
     * than at their shared vertex: only edges whose latitudes overlap can, and the ring's bands list those.
     */
    private static void selfCrossing(Unwrapped u, List<String> problems) {
        long[] range = shifts(u, u);
        PlanarRing ring = new PlanarRing(u.xs, u.ys);
        for (int i = 0; i < u.edges(); i++) {
            int edge = i;
            int j = firstMeeting(ring, u, i, i, other -> selfMeets(u, edge, other, range));
            if (j >= 0) {
                problems.add(u.name + " crosses or touches itself: " + u.edge(i) + " meets " + u.edge(j));
                return;
            }
        }
    }

    /**
     * The first edge, from {@code from} on, of a ring whose latitudes overlap those of edge {@code i} of
     * {@code u} and that {@code meets} accepts; -1 when there is none.
     */
    private static int firstMeeting(PlanarRing ring, Unwrapped u, int i, int from, IntPredicate meets) {
        int[] first = {Integer.MAX_VALUE};
        ring.edgesOverlapping(Math.min(u.ys[i], u.ys[i + 1]), Math.max(u.ys[i], u.ys[i + 1]), j -> {
            if (j >= from && j < first[0] && meets.test(j)) {
                first[0] = j;
            }
        });
        return first[0] == Integer.MAX_VALUE ? -1 : first[0];
    }

    /** Whether edge j, at some shift of 360 degrees, meets edge i (i <= j) other than as its neighbour. */
    private static boolean selfMeets(Unwrapped u, int i, int j, long[] range) {
        int n = u.edges();
        double w = 360.0 * u.winding;
        for (long k = range[0]; k <= range[1]; k++) {
            double s = 360.0 * k;
            if (i == j && k == 0) {
                continue;
            }
            boolean next = (j == i + 1 && k == 0) || (i == 0 && j == n - 1 && s == -w);
            boolean meet = next ? folds(u, i, j, s) : PlanarRing.segmentsMeet(u.xs[i], u.ys[i],
                    u.xs[i + 1], u.ys[i + 1], u.xs[j] + s, u.ys[j], u.xs[j + 1] + s, u.ys[j + 1]);
            if (meet) {
                return true;
            }
        }
        return false;
    }

    /** Whether edges sharing one vertex run back along each other (a fold). */
    private static boolean folds(Unwrapped u, int i, int j, double s) {
        double ax = u.xs[i];
        double ay = u.ys[i];
        double bx = u.xs[i + 1];
        double by = u.ys[i + 1];
        double cx = u.xs[j] + s;
        double cy = u.ys[j];
        double dx = u.xs[j + 1] + s;
        double dy = u.ys[j + 1];
        if (PlanarRing.cross(ax, ay, bx, by, cx, cy) != 0 || PlanarRing.cross(ax, ay, bx, by, dx, dy) != 0) {
            return false;
        }
        // Collinear and sharing an end: a fold when one's far end lies on the other.
        return (PlanarRing.onSegment(ax, ay, bx, by, cx, cy) && !(cx == bx && cy == by) && !(cx == ax && cy == ay))
                || (PlanarRing.onSegment(ax, ay, bx, by, dx, dy) && !(dx == bx && dy == by) && !(dx == ax && dy == ay))
                || (PlanarRing.onSegment(cx, cy, dx, dy, ax, ay) && !(ax == cx && ay == cy) && !(ax == dx && ay == dy))
                || (PlanarRing.onSegment(cx, cy, dx, dy, bx, by) && !(bx == cx && by == cy) && !(bx == dx && by == dy));
    }

    /** Where two rings meet, or null: the first edge of a, then of b, among pairs whose latitudes overlap. */
    private static String meeting(Unwrapped a, Unwrapped b) {
        long[] range = shifts(a, b);
        PlanarRing ring = new PlanarRing(b.xs, b.ys);
        for (int i = 0; i < a.edges(); i++) {
            int edge = i;
            int j = firstMeeting(ring, a, i, 0, other -> meets(a, edge, b, other, range));
            if (j >= 0) {
                return b.edge(j) + " meets " + a.edge(i);
            }
        }
        return null;
    }

    private static boolean meets(Unwrapped a, int i, Unwrapped b, int j, long[] range) {
        for (long k = range[0]; k <= range[1]; k++) {
            double s = 360.0 * k;
            if (PlanarRing.segmentsMeet(a.xs[i], a.ys[i], a.xs[i + 1], a.ys[i + 1], b.xs[j] + s, b.ys[j],
                    b.xs[j + 1] + s, b.ys[j + 1])) {
                return true;
            }
        }
        return false;
    }

    /** The pole of the smaller region a ring winding once around bounds. */
    private static double pole(Unwrapped u) {
        double s = new PlanarRing(u.xs, u.ys).sinIntegral();
        return u.winding * s >= 0 ? 90.0 : -90.0;
    }

    private static PlanarRing closedThroughPole(Unwrapped u, double pole) {
        int n = u.xs.length;
        double[] xs = java.util.Arrays.copyOf(u.xs, n + 3);
        double[] ys = java.util.Arrays.copyOf(u.ys, n + 3);
        xs[n] = u.xs[n - 1];
        ys[n] = pole;
        xs[n + 1] = u.xs[0];
        ys[n + 1] = pole;
        xs[n + 2] = u.xs[0];
        ys[n + 2] = u.ys[0];
        return new PlanarRing(xs, ys);
    }

    /** The area centroid of a ring on the plane, longitude brought into [-180, 180]. */
    static LatLon centroid(PlanarRing ring) {
        double a = 0;
        double cx = 0;
        double cy = 0;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < ring.edges(); i++) {
            double c = ring.x(i) * ring.y(i + 1) - ring.x(i + 1) * ring.y(i);
            a += c;
            cx += (ring.x(i) + ring.x(i + 1)) * c;
            cy += (ring.y(i) + ring.y(i + 1)) * c;
            mx += ring.x(i);
            my += ring.y(i);
        }
        double x;
        double y;
        if (Math.abs(a) < 1e-12) {
            x = mx / ring.edges();
            y = my / ring.edges();
        } else {
            x = cx / (3 * a);
            y = cy / (3 * a);
        }
        x = x - 360 * Math.floor((x + 180) / 360);
        return new LatLon(Math.max(-90, Math.min(90, y)), Math.min(180, x));
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double d : v) {
            m = Math.min(m, d);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            m = Math.max(m, d);
        }
        return m;
    }
}
