package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The geo family's data set and exact oracle: points uniform over a square whose south-west corner is
 * ({@value #SOUTH}, {@value #WEST}), and the search centres. The points are also kept sorted by latitude,
 * so that finding those inside a circle or box examines only the latitude band it spans, not all
 * 1,000,000; each shape's answer is computed once and kept.
 *
 * <p>Quick mode: 2,000 points on 1° × 1°, centres at fixed positions. Full mode: the square's side is
 * {@value #SIDE_PER_100K}° for 100,000 points and grows with the square root of the count (6.3° for
 * 1,000,000), so density stays about 3 points per km² and a 50 km circle holds a quarter of the
 * 100,000 and 2.5% of the 1,000,000; each centre is the data point nearest a fixed position, so that
 * even a 100 m circle holds a point.
 */
final class GeoPoints {
    static final double SOUTH = 48.4;
    static final double WEST = 1.8;
    static final double SIDE_PER_100K = 2.0;
    /** Distinct search centres, cycled through by the operations. */
    static final int CENTRES = 4;
    /** Fewer metres than a degree of latitude spans anywhere, to bound a circle's latitude band safely. */
    private static final double MIN_METRES_PER_DEGREE = 110_000;

    private final Map<String, LatLon> points;
    private final LatLon[] centres;
    private final String[] ids;
    private final double[] lats;
    private final double[] lons;
    private final Map<Object, List<Map.Entry<String, LatLon>>> answers = new ConcurrentHashMap<>();

    private GeoPoints(Map<String, LatLon> points, LatLon[] centres) {
        this.points = Collections.unmodifiableMap(points);
        this.centres = centres;
        Integer[] order = new Integer[points.size()];
        List<Map.Entry<String, LatLon>> entries = new ArrayList<>(points.entrySet());
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(entries.get(a).getValue().latitude(), entries.get(b).getValue().latitude()));
        ids = new String[order.length];
        lats = new double[order.length];
        lons = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            Map.Entry<String, LatLon> e = entries.get(order[i]);
            ids[i] = e.getKey();
            lats[i] = e.getValue().latitude();
            lons[i] = e.getValue().longitude();
        }
    }

    /** Quick mode's data: {@code n} points on 1° × 1°, centres at fixed positions. */
    static GeoPoints quick(int n) {
        Map<String, LatLon> points = uniform(n, 1.0);
        LatLon[] centres = new LatLon[CENTRES];
        for (int i = 0; i < CENTRES; i++) {
            centres[i] = position(i, 1.0);
        }
        return new GeoPoints(points, centres);
    }

    /** Full mode's data: {@code n} points on a square of {@link #side(int)}, centres on data points. */
    static GeoPoints full(int n) {
        double side = side(n);
        Map<String, LatLon> points = uniform(n, side);
        LatLon[] centres = new LatLon[CENTRES];
        for (int i = 0; i < CENTRES; i++) {
            LatLon target = position(i, side);
            centres[i] = points.values().stream()
                    .min(java.util.Comparator.comparingDouble(p -> p.distanceTo(target))).orElseThrow();
        }
        return new GeoPoints(points, centres);
    }

    /** The side of full mode's square, in degrees, for {@code n} points. */
    static double side(int n) {
        return SIDE_PER_100K * Math.sqrt(n / 100_000.0);
    }

    private static Map<String, LatLon> uniform(int n, double side) {
        SplittableRandom random = new SplittableRandom(2024);
        Map<String, LatLon> out = new LinkedHashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            out.put("p" + i, LatLon.of(SOUTH + side * random.nextDouble(), WEST + side * random.nextDouble()));
        }
        return out;
    }

    private static LatLon position(int i, double side) {
        int k = i % CENTRES;
        return LatLon.of(SOUTH + side * (0.2 + 0.15 * k), WEST + side * (0.3 + 0.1 * k));
    }

    Map<String, LatLon> points() {
        return points;
    }

    LatLon centre(int i) {
        return centres[i % CENTRES];
    }

    /** Every point inside the circle, in no particular order. */
    List<Map.Entry<String, LatLon>> inside(Circle circle) {
        return answers.computeIfAbsent(circle, c -> {
            double band = circle.radiusMeters() / MIN_METRES_PER_DEGREE + 1e-9;
            return band(circle.centre().latitude() - band, circle.centre().latitude() + band, circle::contains);
        });
    }

    /** Every point inside the box (which does not cross the antimeridian), in no particular order. */
    List<Map.Entry<String, LatLon>> inside(LatLonBox box) {
        return answers.computeIfAbsent(box, b -> band(box.south(), box.north(), box::contains));
    }

    private interface Test {
        boolean contains(double latitude, double longitude);
    }

    private List<Map.Entry<String, LatLon>> band(double south, double north, Test test) {
        int from = Arrays.binarySearch(lats, south);
        from = from < 0 ? -from - 1 : from;
        while (from > 0 && lats[from - 1] >= south) {
            from--;
        }
        List<Map.Entry<String, LatLon>> out = new ArrayList<>();
        for (int i = from; i < lats.length && lats[i] <= north; i++) {
            if (test.contains(lats[i], lons[i])) {
                out.add(Map.entry(ids[i], new LatLon(lats[i], lons[i])));
            }
        }
        return List.copyOf(out);
    }
}
