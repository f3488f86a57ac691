package dev.nosqlpatterns.benchmarks.jmh;

import dev.nosqlpatterns.geo.GeoHash;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.util.BitUtil;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point encoding and decoding: this project's geohash codec beside Lucene's 32-bit quantisation with its
 * bit interleave (what LatLonPoint and geo3d build on) and ch.hsr geohash-java, on the same 1024 random
 * points, so a slower or faster codec shows at once.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class GeoEncodingBenchmark {
    private static final int POINTS = 1024;
    private final double[] lat = new double[POINTS];
    private final double[] lon = new double[POINTS];
    private final String[] hashes = new String[POINTS];
    private int next;

    @Setup
    public void points() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < POINTS; i++) {
            lat[i] = random.nextDouble(-90, 90);
            lon[i] = random.nextDouble(-180, 180);
            hashes[i] = GeoHash.toBase32(lat[i], lon[i], 12);
        }
    }

    private int index() {
        next = (next + 1) & (POINTS - 1);
        return next;
    }

    @Benchmark
    public long encodeMorton64Project() {
        int i = index();
        return GeoHash.encode(lat[i], lon[i]);
    }

    @Benchmark
    public long encodeMorton64Lucene() {
        int i = index();
        return BitUtil.interleave(GeoEncodingUtils.encodeLongitude(lon[i]), GeoEncodingUtils.encodeLatitude(lat[i]));
    }

    @Benchmark
    public String encodeBase32Project() {
        int i = index();
        return GeoHash.toBase32(lat[i], lon[i], 12);
    }

    @Benchmark
    public String encodeBase32GeohashJava() {
        int i = index();
        return ch.hsr.geohash.GeoHash.withCharacterPrecision(lat[i], lon[i], 12).toBase32();
    }

    @Benchmark
    public double decodeBase32Project() {
        var p = GeoHash.decode(hashes[index()]);
        return p.latitude() + p.longitude();
    }

    @Benchmark
    public double decodeBase32GeohashJava() {
        var p = ch.hsr.geohash.GeoHash.fromGeohashString(hashes[index()]).getBoundingBoxCenter();
        return p.getLatitude() + p.getLongitude();
    }

    /** Lucene keeps no decoded form: this is an encode followed by a decode of the same point. */
    @Benchmark
    public double encodeAndDecodeMorton64Lucene() {
        int i = index();
        long code = BitUtil.interleave(GeoEncodingUtils.encodeLongitude(lon[i]), GeoEncodingUtils.encodeLatitude(lat[i]));
        return GeoEncodingUtils.decodeLatitude((int) BitUtil.deinterleave(code >>> 1))
                + GeoEncodingUtils.decodeLongitude((int) BitUtil.deinterleave(code));
    }
}
