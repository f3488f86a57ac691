package dev.nosqlpatterns.benchmarks;

import com.google.common.geometry.S1Angle;
import com.google.common.geometry.S2Cap;
import com.google.common.geometry.S2Cell;
import com.google.common.geometry.S2CellId;
import com.google.common.geometry.S2LatLng;
import com.google.common.geometry.S2LatLngRect;
import com.google.common.geometry.S2Region;
import com.google.common.geometry.S2RegionCoverer;
import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.CoverOptions;
import dev.nosqlpatterns.geo.GeoCover;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.LatLon;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The geohash cover against S2's {@link S2RegionCoverer} on the same shapes: 400 centres at each of 3
 * latitudes (0°, 45°, 70°, each ± 1°, any longitude) times 4 radii (100 m, 1 km, 10 km, 50 km), as circles
 * and as boxes of the circle's width on the ground. For each shape and each coverer: the read amplification
 * (the exact area the cover's ranges or cells span ÷ the shape's area, what a read of uniform points scans
 * per point matched) and the CPU time of one cover, both coverers timed alternately in the same JVM.
 */
final class CoverComparison {
    static final double[] LATITUDES = {0, 45, 70};
    static final double[] RADII = GeoFamily.RADII;
    static final int CENTRES = 400;
    static final int RANGES = 8;
    private static final double R = LatLon.EARTH_RADIUS_METERS;

    /** One shape as both libraries see it. */
    record Shape(String kind, double radius, Circle circle, LatLonBox box, S2Region s2, double area) {
        GeoCover geohash() {
            return circle != null ? GeoCover.of(circle, OPTIONS) : GeoCover.of(box, OPTIONS);
        }

        ArrayList<S2CellId> s2Cover() {
            ArrayList<S2CellId> out = new ArrayList<>();
            S2.getCovering(s2, out);
            return out;
        }

        double geohashAmplification() {
            return geohash().areaSquareMeters() / area;
        }

        /** Up to 8 points of the shape, its centre first, named p0, p1, ...: what a complete cover must hold. */
        List<LatLon> probes() {
            LatLon c = circle != null ? circle.centre() : box.centre();
            List<LatLon> out = new ArrayList<>(List.of(c));
            double dLat = Math.toDegrees(radius / R);
            double dLon = Math.min(180, dLat / Math.max(1e-9, Math.cos(Math.toRadians(c.latitude()))));
            SplittableRandom random = new SplittableRandom(Double.doubleToLongBits(c.latitude() + c.longitude()));
            for (int k = 0; k < 64 && out.size() < 8; k++) {
                double lat = Math.max(-90, Math.min(90, c.latitude() + random.nextDouble(-dLat, dLat)));
                double lon = c.longitude() + random.nextDouble(-dLon, dLon);
                LatLon p = LatLon.of(lat, lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
                if (circle != null ? circle.contains(p) : box.contains(p)) {
                    out.add(p);
                }
            }
            return out;
        }

        /** The names of the probes the geohash cover misses (none, when it is complete). */
        List<String> missedByGeohash() {
            GeoCover cover = geohash();
            List<String> out = new ArrayList<>();
            List<LatLon> probes = probes();
            for (int k = 0; k < probes.size(); k++) {
                if (!cover.contains(probes.get(k).latitude(), probes.get(k).longitude())) {
                    out.add("p" + k);
                }
            }
            return out;
        }

        /** The names of the probes S2's covering misses. */
        List<String> missedByS2() {
            com.google.common.geometry.S2CellUnion cover = new com.google.common.geometry.S2CellUnion();
            cover.initFromCellIds(s2Cover());
            List<String> out = new ArrayList<>();
            List<LatLon> probes = probes();
            for (int k = 0; k < probes.size(); k++) {
                if (!cover.contains(S2CellId.fromLatLng(S2LatLng.fromDegrees(probes.get(k).latitude(),
                        probes.get(k).longitude())))) {
                    out.add("p" + k);
                }
            }
            return out;
        }

        double s2Amplification() {
            double sum = 0;
            for (S2CellId id : s2Cover()) {
                sum += new S2Cell(id).exactArea();
            }
            return sum * R * R / area;
        }
    }

    static final CoverOptions OPTIONS = CoverOptions.DEFAULT.withMaxRanges(RANGES);
    static final S2RegionCoverer S2 = S2RegionCoverer.builder().setMaxCells(RANGES).build();

    private CoverComparison() {
    }

    /** The shapes of one kind ("circle" or "box"): radius by radius, 1,200 of each. */
    static List<Shape> shapes(String kind) {
        return shapes(kind, LATITUDES);
    }

    /** The shapes of one kind around some latitudes: radius by radius, 400 per latitude. */
    static List<Shape> shapes(String kind, double[] latitudes) {
        return shapes(kind, latitudes, CENTRES);
    }

    /** The shapes of one kind around some latitudes: radius by radius, {@code centres} per latitude. */
    static List<Shape> shapes(String kind, double[] latitudes, int centres) {
        List<Shape> out = new ArrayList<>();
        for (double radius : RADII) {
            SplittableRandom random = new SplittableRandom(400);
            for (double latitude : latitudes) {
                for (int i = 0; i < centres; i++) {
                    out.add(shape(kind, latitude + random.nextDouble(-1, 1), random.nextDouble(-180, 180), radius));
                }
            }
        }
        return out;
    }

    static Shape shape(String kind, double lat, double lon, double radius) {
        S2LatLng centre = S2LatLng.fromDegrees(lat, lon);
        if (kind.equals("circle")) {
            Circle c = Circle.of(lat, lon, radius);
            return new Shape(kind, radius, c, null, S2Cap.fromAxisAngle(centre.toPoint(), S1Angle.radians(radius / R)),
                    c.areaSquareMeters());
        }
        double dLat = Math.toDegrees(radius / R);
        double dLon = dLat / Math.cos(Math.toRadians(lat));
        double west = lon - dLon < -180 ? lon - dLon + 360 : lon - dLon;
        double east = lon + dLon > 180 ? lon + dLon - 360 : lon + dLon;
        LatLonBox b = LatLonBox.of(lat - dLat, west, lat + dLat, east);
        S2LatLngRect rect = new S2LatLngRect(S2LatLng.fromDegrees(lat - dLat, west), S2LatLng.fromDegrees(lat + dLat, east));
        return new Shape(kind, radius, null, b, rect, b.areaSquareMeters());
    }

    /** The amplifications of the geohash cover and of S2's over some shapes. */
    static Spread[] amplifications(List<Shape> shapes) {
        double[] ours = new double[shapes.size()];
        double[] theirs = new double[shapes.size()];
        for (int i = 0; i < shapes.size(); i++) {
            ours[i] = shapes.get(i).geohashAmplification();
            theirs[i] = shapes.get(i).s2Amplification();
        }
        return new Spread[] {Spread.of(ours), Spread.of(theirs)};
    }

    /** Mean and 99th percentile (nearest rank) of some amplifications. */
    record Spread(double mean, double p99) {
        static Spread of(double[] values) {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            return new Spread(Arrays.stream(values).average().orElse(Double.NaN),
                    sorted[Math.max(0, (int) Math.ceil(0.99 * sorted.length) - 1)]);
        }
    }

    /**
     * The figures of one kind of shape, for both coverers, batch by batch (one radius at one latitude,
     * radius-major, in the order of {@link #shapes}; last index: all shapes).
     */
    record Result(String kind, double[] latitudes, Spread[] geohash, Spread[] s2, double[] geohashMicros,
                  double[] s2Micros) {
    }

    /**
     * Measures the shapes of a kind: the amplifications, then {@code rounds} timed rounds after as many
     * warm-up rounds. A round covers each batch of shapes (one radius at one latitude) with one coverer,
     * then with the other (which goes first alternates), and takes the thread's CPU time, so that other
     * processes on the machine do not count; the figure is the median over rounds of the CPU time per shape.
     */
    static Result measure(String kind, int rounds, double[] latitudes) {
        List<Shape> shapes = shapes(kind, latitudes);
        int batches = RADII.length * latitudes.length;
        int perBatch = shapes.size() / batches;
        Spread[] ours = new Spread[batches + 1];
        Spread[] theirs = new Spread[batches + 1];
        double[] all = new double[shapes.size()];
        double[] allS2 = new double[shapes.size()];
        for (int i = 0; i < shapes.size(); i++) {
            all[i] = shapes.get(i).geohashAmplification();
            allS2[i] = shapes.get(i).s2Amplification();
        }
        for (int k = 0; k < batches; k++) {
            ours[k] = Spread.of(Arrays.copyOfRange(all, k * perBatch, (k + 1) * perBatch));
            theirs[k] = Spread.of(Arrays.copyOfRange(allS2, k * perBatch, (k + 1) * perBatch));
        }
        ours[batches] = Spread.of(all);
        theirs[batches] = Spread.of(allS2);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        double[][] oursNanos = new double[batches][rounds];
        double[][] theirsNanos = new double[batches][rounds];
        long sink = 0;
        for (int r = -rounds; r < rounds; r++) {
            for (int k = 0; k < batches; k++) {
                List<Shape> batch = shapes.subList(k * perBatch, (k + 1) * perBatch);
                for (int turn = 0; turn < 2; turn++) {
                    boolean geohash = (turn == 0) == (r % 2 == 0);
                    long t0 = bean.getCurrentThreadCpuTime();
                    for (Shape s : batch) {
                        sink += geohash ? s.geohash().ranges().size() : s.s2Cover().size();
                    }
                    double perShape = (bean.getCurrentThreadCpuTime() - t0) / (double) batch.size();
                    if (r >= 0) {
                        (geohash ? oursNanos : theirsNanos)[k][r] = perShape;
                    }
                }
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
        double[] oursMicros = new double[batches + 1];
        double[] theirsMicros = new double[batches + 1];
        for (int k = 0; k < batches; k++) {
            oursMicros[k] = median(oursNanos[k]) / 1000;
            theirsMicros[k] = median(theirsNanos[k]) / 1000;
            oursMicros[batches] += oursMicros[k] / batches;
            theirsMicros[batches] += theirsMicros[k] / batches;
        }
        return new Result(kind, latitudes, ours, theirs, oursMicros, theirsMicros);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** The comparison as Markdown lines: one row per radius and latitude, then one for all shapes of the kind. */
    static List<String> table(List<Result> results) {
        List<String> out = new ArrayList<>();
        out.add("| shapes | geohash cover amplification, mean / p99 | S2 amplification, mean / p99 | geohash cover CPU µs"
                + " per shape | S2 CPU µs per shape | geohash ÷ S2 time |");
        out.add("| --- | --- | --- | --- | --- | --- |");
        for (Result r : results) {
            int n = r.latitudes.length;
            int batches = RADII.length * n;
            for (int k = 0; k <= batches; k++) {
                String which = k == batches ? "all"
                        : String.format(Locale.ROOT, "%.0f°, %s", r.latitudes[k % n], label(RADII[k / n]));
                out.add(String.format(Locale.ROOT, "| %s, %s | %.2f / %.2f | %.2f / %.2f | %.1f | %.1f | %.2f× |", r.kind,
                        which, r.geohash[k].mean, r.geohash[k].p99, r.s2[k].mean,
                        r.s2[k].p99, r.geohashMicros[k], r.s2Micros[k], r.geohashMicros[k] / r.s2Micros[k]));
            }
        }
        return out;
    }

    private static double latitude(String text) {
        double latitude = Double.parseDouble(text.trim());
        if (!(latitude >= -89 && latitude <= 89)) {
            throw new IllegalArgumentException("latitudes must lie from -89 to 89 (shapes reach 1 degree past them), got " + text);
        }
        return latitude;
    }

    static String label(double radius) {
        return radius < 1000 ? (int) radius + " m" : (int) (radius / 1000) + " km";
    }

    /**
     * Prints the comparison: {@code [rounds] [circle,box] [0,45,70]}: timed rounds per shape (5 by default),
     * kinds of shape, latitudes. With one latitude, each coverer's compiled code only ever sees shapes there
     * (as in a JMH fork of {@code GeoCoverBenchmark}); with several, shapes across them.
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<String> kinds = args.length > 1 ? List.of(args[1].split(",")) : List.of("circle", "box");
        double[] latitudes = args.length > 2 ? Arrays.stream(args[2].split(",")).mapToDouble(CoverComparison::latitude).toArray()
                : LATITUDES;
        List<Result> results = kinds.stream().map(kind -> measure(kind, rounds, latitudes)).toList();
        table(results).forEach(System.out::println);
    }
}
