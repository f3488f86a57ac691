package dev.nosqlpatterns.benchmarks.jmh;

import ch.hsr.geohash.WGS84Point;
import ch.hsr.geohash.queries.GeoHashCircleQuery;
import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.GeoCover;
import dev.nosqlpatterns.geo.LatLonBox;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building the cover of a circle and of a box (the ranges a geohash query reads) for radii from 100 m to
 * 50 km, beside geohash-java's circle query (a handful of equal-length hashes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class GeoCoverBenchmark {
    @Param({"100", "1000", "10000", "50000"})
    public double radiusMeters;

    @Benchmark
    public int circleCoverProject() {
        return GeoCover.of(Circle.of(48.8566, 2.3522, radiusMeters)).ranges().size();
    }

    @Benchmark
    public int boxCoverProject() {
        double d = radiusMeters / 111_000.0;
        return GeoCover.of(LatLonBox.of(48.8566 - d, 2.3522 - d, 48.8566 + d, 2.3522 + d)).ranges().size();
    }

    @Benchmark
    public int circleQueryGeohashJava() {
        return new GeoHashCircleQuery(new WGS84Point(48.8566, 2.3522), radiusMeters).getSearchHashes().size();
    }
}
