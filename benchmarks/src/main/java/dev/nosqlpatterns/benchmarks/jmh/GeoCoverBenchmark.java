package dev.nosqlpatterns.benchmarks.jmh;

import ch.hsr.geohash.WGS84Point;
import ch.hsr.geohash.queries.GeoHashCircleQuery;
import com.google.common.geometry.S1Angle;
import com.google.common.geometry.S2Cap;
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
import java.util.ArrayList;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building the cover of a circle and of a box (the ranges a geohash query reads) beside S2's
 * {@link S2RegionCoverer} with at most as many cells (each cell one range of S2 cell ids) on the same
 * shapes: 64 or 1,024 centres around a latitude (± 1°, any longitude), radii from 100 m to 50 km, boxes
 * as wide on the ground as the circle; each call covers the next shape of the set. Also geohash-java's
 * circle query
 * (a handful of equal-length hashes, not a tight cover). {@code CoverComparison} in the pattern runner
 * measures what each cover reads. Five warm-up seconds: the geohash cover's time still falls in steps
 * during the first four or five.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class GeoCoverBenchmark {
    private static final int RANGES = 8;

    @Param({"100", "1000", "10000", "50000"})
    public double radiusMeters;

    @Param({"0", "45", "70"})
    public double latitude;

    /**
     * How many shapes each benchmark cycles through (a power of two). With few, a CPU's branch predictors
     * learn each coverer's path through every shape, more for one coverer than the other.
     */
    @Param({"64", "1024"})
    public int shapes;

    private Circle[] circles;
    private LatLonBox[] boxes;
    private S2Cap[] caps;
    private S2LatLngRect[] rects;
    private final CoverOptions options = CoverOptions.DEFAULT.withMaxRanges(RANGES);
    private final S2RegionCoverer coverer = S2RegionCoverer.builder().setMaxCells(RANGES).build();
    private int next;

    @Setup
    public void shapes() {
        if (shapes < 1 || Integer.bitCount(shapes) != 1) {
            throw new IllegalArgumentException("shapes must be a power of two, got " + shapes);
        }
        circles = new Circle[shapes];
        boxes = new LatLonBox[shapes];
        caps = new S2Cap[shapes];
        rects = new S2LatLngRect[shapes];
        SplittableRandom random = new SplittableRandom(64);
        double r = LatLon.EARTH_RADIUS_METERS;
        for (int i = 0; i < shapes; i++) {
            double lat = latitude + random.nextDouble(-1, 1);
            double lon = random.nextDouble(-180, 180);
            circles[i] = Circle.of(lat, lon, radiusMeters);
            caps[i] = S2Cap.fromAxisAngle(S2LatLng.fromDegrees(lat, lon).toPoint(), S1Angle.radians(radiusMeters / r));
            double dLat = Math.toDegrees(radiusMeters / r);
            double dLon = dLat / Math.cos(Math.toRadians(lat));
            double west = lon - dLon < -180 ? lon - dLon + 360 : lon - dLon;
            double east = lon + dLon > 180 ? lon + dLon - 360 : lon + dLon;
            boxes[i] = LatLonBox.of(lat - dLat, west, lat + dLat, east);
            rects[i] = new S2LatLngRect(S2LatLng.fromDegrees(lat - dLat, west), S2LatLng.fromDegrees(lat + dLat, east));
        }
    }

    private int nextShape() {
        next = (next + 1) & (shapes - 1);
        return next;
    }

    /**
     * Which coverer a fork runs. A parameter rather than a method of each, and named to sort after the
     * others (JMH varies the last name fastest), so that the two forks of one latitude, radius and shape
     * count run one right after the other rather than minutes apart: a shared machine's speed drifts
     * over minutes.
     */
    @State(Scope.Benchmark)
    public static class Coverer {
        @Param({"geohash", "s2"})
        public String using;

        boolean s2;

        @Setup
        public void pick() {
            if (!using.equals("geohash") && !using.equals("s2")) {
                throw new IllegalArgumentException("using must be geohash or s2, got " + using);
            }
            s2 = using.equals("s2");
        }
    }

    @Benchmark
    public int circleCover(Coverer c) {
        int i = nextShape();
        return c.s2 ? s2Cells(caps[i]) : GeoCover.of(circles[i], options).ranges().size();
    }

    @Benchmark
    public int boxCover(Coverer c) {
        int i = nextShape();
        return c.s2 ? s2Cells(rects[i]) : GeoCover.of(boxes[i], options).ranges().size();
    }

    private int s2Cells(S2Region region) {
        ArrayList<S2CellId> cells = new ArrayList<>();
        coverer.getCovering(region, cells);
        return cells.size();
    }

    @Benchmark
    public int circleQueryGeohashJava() {
        Circle c = circles[nextShape()];
        return new GeoHashCircleQuery(new WGS84Point(c.centre().latitude(), c.centre().longitude()), radiusMeters)
                .getSearchHashes().size();
    }
}
