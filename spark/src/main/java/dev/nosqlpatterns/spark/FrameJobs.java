package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.rollup.FrameAggregation;
import dev.nosqlpatterns.store.Store;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * Frame aggregation ({@link FrameAggregation}) as Spark jobs: one task per scan segment reads its frames (the
 * items of one partition, which never span two segments) with the single-JVM reader, so per-frame answers are
 * the same, and per-value counts add up across tasks.
 */
public final class FrameJobs {
    private final SparkSession spark;
    private final PrintStream progress;

    /** Jobs on {@code spark} that print their progress to {@code progress} (null: silent). */
    public FrameJobs(SparkSession spark, PrintStream progress) {
        this.spark = Objects.requireNonNull(spark, "spark session must not be null");
        this.progress = progress;
    }

    /**
     * For each frame, the distinct values it holds ("the sites each user visited"), as pairs of the frame's
     * partition key and its values in order; computed when the pairs are used.
     */
    public JavaPairRDD<String, List<String>> distinctValuesPerFrame(TableOptions table, ItemValue value) {
        LongAccumulator frames = spark.sparkContext().longAccumulator("frames of " + table.table());
        return segments(table).mapPartitionsToPair(segs -> {
            List<Tuple2<String, List<String>>> out = new ArrayList<>();
            each(table, segs, frame -> {
                TreeSet<String> distinct = new TreeSet<>();
                frame.items().forEach(i -> value.apply(i).ifPresent(distinct::add));
                out.add(new Tuple2<>(frame.partition(), new ArrayList<>(distinct)));
                frames.add(1);
            });
            return out.iterator();
        });
    }

    /** For each value, in how many frames it appears ("unique users per site"); equals {@link FrameAggregation#framesPerValue}. */
    public Map<String, Long> framesPerValue(TableOptions table, ItemValue value) {
        try (Progress p = new Progress(spark, "frames per value of " + table.table(), progress)) {
            LongAccumulator done = p.items();
            Map<String, Long> counts = new HashMap<>(segments(table).mapPartitionsToPair(segs -> {
                Map<String, Long> mine = new HashMap<>();
                each(table, segs, frame -> {
                    TreeSet<String> distinct = new TreeSet<>();
                    frame.items().forEach(i -> value.apply(i).ifPresent(distinct::add));
                    distinct.forEach(v -> mine.merge(v, 1L, Long::sum));
                    done.add(frame.items().size());
                });
                return mine.entrySet().stream().map(e -> new Tuple2<>(e.getKey(), e.getValue())).iterator();
            }).reduceByKey(Long::sum).collectAsMap());
            p.print(counts.size() + " values");
            return Map.copyOf(counts);
        }
    }

    private org.apache.spark.api.java.JavaRDD<Integer> segments(TableOptions table) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, table.segments()).boxed().toList(), table.segments());
    }

    private static void each(TableOptions table, Iterator<Integer> segments,
                             java.util.function.Consumer<FrameAggregation.Frame> visitor) {
        Store store = Tasks.open(table);
        store.createTable(table.spec());
        FrameAggregation frames = FrameAggregation.over(store, table.table(), table.segments(), table.pageSize());
        segments.forEachRemaining(s -> frames.forEachFrameIn(s, visitor));
    }
}
