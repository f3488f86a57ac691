package dev.nosqlpatterns.benchmarks.jmh;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.key.Utf8Order;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The order-preserving composite key codec (State:City:UserID-style keys with a number and a time), and
 * UTF-8 order comparison against {@link String#compareTo}, which every sort-key comparison pays.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class KeyCodecBenchmark {
    private final CompositeKeyCodec codec = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.LONG, SegmentType.TIMESTAMP);
    private final Instant at = Instant.parse("2024-05-17T13:45:12.345Z");
    private final String encoded = codec.encode("California", "San Francisco", 123_456_789L, at);
    private final String a = "user|münchen|00042";
    private final String b = "user|münchen|00043";

    @Benchmark
    public String encode() {
        return codec.encode("California", "San Francisco", 123_456_789L, at);
    }

    @Benchmark
    public List<Object> decode() {
        return codec.decode(encoded);
    }

    @Benchmark
    public int compareUtf8Order() {
        return Utf8Order.compare(a, b);
    }

    @Benchmark
    public int compareStringCompareTo() {
        return a.compareTo(b);
    }
}
