package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A ring's edges listed by bands of latitude answer exactly what testing every edge answers: points inside,
 * on an edge or outside, whether some edge meets a rectangle, and which edges span some latitudes (each
 * once), for rings of 3 to 3,000 edges (many bands, and edges across many of them), points on vertices
 * and on band boundaries, and rectangles from a sliver to larger than the ring.
 */
class PlanarRingTest {
    @Test
    void bandsAnswerWhatEveryEdgeAnswers() {
        SplittableRandom random = new SplittableRandom(5);
        int inside = 0;
        int onEdge = 0;
        int crossing = 0;
        for (int r = 0; r < 300; r++) {
            int n = r % 3 == 0 ? 3 + random.nextInt(3_000) : 3 + random.nextInt(60);
            double cx = random.nextDouble(-200, 200);
            double cy = random.nextDouble(-60, 60);
            double size = Math.pow(10, random.nextDouble(-4, 1.3));
            double[] xs = new double[n + 1];
            double[] ys = new double[n + 1];
            // a star: vertices by angle, at a radius that jumps, so edges cross many bands or few
            for (int k = 0; k < n; k++) {
                double a = 2 * Math.PI * k / n;
                double f = r % 2 == 0 && k % 2 == 1 ? random.nextDouble(0.05, 0.4) : random.nextDouble(0.6, 1);
                xs[k] = cx + size * f * Math.cos(a);
                ys[k] = cy + size * f * Math.sin(a);
            }
            xs[n] = xs[0];
            ys[n] = ys[0];
            PlanarRing ring = new PlanarRing(xs, ys);
            for (int k = 0; k < 400; k++) {
                double px;
                double py;
                if (k % 8 == 0) {
                    int v = random.nextInt(n);
                    double t = k % 16 == 0 ? 0 : random.nextDouble();
                    px = xs[v] + t * (xs[v + 1] - xs[v]);
                    py = ys[v] + t * (ys[v + 1] - ys[v]);
                } else if (k % 8 == 1) {
                    px = cx + random.nextDouble(-1.1, 1.1) * size;
                    py = ys[random.nextInt(n)];
                } else {
                    px = cx + random.nextDouble(-1.1, 1.1) * size;
                    py = cy + random.nextDouble(-1.1, 1.1) * size;
                }
                int expected = locateByEveryEdge(xs, ys, px, py);
                int actual = ring.locate(px, py);
                double x = px;
                double y = py;
                assertEquals(expected, actual, () -> "ring of " + n + " edges, point (" + x + ", " + y + ")");
                inside += actual > 0 ? 1 : 0;
                onEdge += actual == 0 ? 1 : 0;
            }
            for (int k = 0; k < 100; k++) {
                double lo = k % 3 == 0 ? ys[random.nextInt(n)] : cy + random.nextDouble(-1.2, 1.2) * size;
                double hi = k % 4 == 0 ? lo : lo + size * Math.pow(10, random.nextDouble(-4, 0.5));
                int[] times = new int[n];
                ring.edgesOverlapping(lo, hi, e -> times[e]++);
                for (int e = 0; e < n; e++) {
                    boolean overlaps = Math.min(ys[e], ys[e + 1]) <= hi && Math.max(ys[e], ys[e + 1]) >= lo;
                    assertEquals(overlaps ? 1 : 0, times[e], "edge " + e + " of " + n + ", latitudes " + lo + " to " + hi);
                }
            }
            for (int k = 0; k < 400; k++) {
                double w = size * Math.pow(10, random.nextDouble(-4, 0.5));
                double h = k % 4 == 0 ? 0 : size * Math.pow(10, random.nextDouble(-4, 0.5));
                double x0 = cx + random.nextDouble(-1.2, 1.2) * size;
                double y0 = k % 5 == 0 ? ys[random.nextInt(n)] : cy + random.nextDouble(-1.2, 1.2) * size;
                boolean expected = meetsByEveryEdge(xs, ys, x0, x0 + w, y0, y0 + h);
                boolean actual = ring.crosses(x0, x0 + w, y0, y0 + h);
                assertEquals(expected, actual, () -> "ring of " + n + " edges, rectangle x " + x0 + " + " + w
                        + ", y " + y0 + " + " + h);
                crossing += actual ? 1 : 0;
            }
        }
        assertTrue(inside > 10_000 && onEdge > 5_000 && crossing > 10_000,
                "inside " + inside + ", on an edge " + onEdge + ", crossing " + crossing);
    }

    private static int locateByEveryEdge(double[] xs, double[] ys, double px, double py) {
        boolean inside = false;
        for (int i = 0; i + 1 < xs.length; i++) {
            if (PlanarRing.onSegment(xs[i], ys[i], xs[i + 1], ys[i + 1], px, py)) {
                return 0;
            }
            if ((ys[i] > py) != (ys[i + 1] > py)) {
                double xi = xs[i] + (py - ys[i]) * (xs[i + 1] - xs[i]) / (ys[i + 1] - ys[i]);
                if (px < xi) {
                    inside = !inside;
                }
            }
        }
        return inside ? 1 : -1;
    }

    private static boolean meetsByEveryEdge(double[] xs, double[] ys, double x0, double x1, double y0, double y1) {
        for (int i = 0; i + 1 < xs.length; i++) {
            if (PlanarRing.segmentMeetsBox(xs[i], ys[i], xs[i + 1], ys[i + 1], x0, x1, y0, y1)) {
                return true;
            }
        }
        return false;
    }
}
