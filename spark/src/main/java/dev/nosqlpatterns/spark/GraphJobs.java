package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.rollup.FrameAggregation;
import dev.nosqlpatterns.store.Store;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * Batch graph processing over a {@link GraphTable} (an adjacency list: one partition per vertex) as Spark
 * jobs, with the answers of the single-JVM {@code BatchGraphProcessor}: breadth-first distances, weakly
 * connected components and PageRank, one superstep per round of Spark stages.
 *
 * <p>The graph is read once, one task per scan segment, each vertex with its out-edges (a vertex's items are
 * one frame of the scan), and kept in Spark's storage for the supersteps.
 */
public final class GraphJobs {
    private final SparkSession spark;
    private final PrintStream progress;

    /** Jobs on {@code spark} that print their progress to {@code progress} (null: silent). */
    public GraphJobs(SparkSession spark, PrintStream progress) {
        this.spark = Objects.requireNonNull(spark, "spark session must not be null");
        this.progress = progress;
    }

    /** Every vertex of the graph in {@code graph}'s table, with the targets of its out-edges. */
    public JavaPairRDD<String, List<String>> adjacency(TableOptions graph) {
        return adjacency(graph, null);
    }

    private JavaPairRDD<String, List<String>> adjacency(TableOptions graph, LongAccumulator done) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, graph.segments()).boxed().toList(), graph.segments())
                .mapPartitionsToPair(segments -> vertices(graph, segments, done));
    }

    private static Iterator<Tuple2<String, List<String>>> vertices(TableOptions graph, Iterator<Integer> segments,
                                                                  LongAccumulator done) {
        Store store = Tasks.open(graph.uri());
        GraphTable.open(store, graph.table());
        FrameAggregation frames = FrameAggregation.over(store, graph.table(), graph.segments(), graph.pageSize());
        List<Tuple2<String, List<String>>> out = new ArrayList<>();
        segments.forEachRemaining(s -> frames.forEachFrameIn(s, frame -> {
            List<String> targets = new ArrayList<>();
            frame.items().forEach(i -> GraphTable.edgeTarget(i).ifPresent(targets::add));
            out.add(new Tuple2<>(frame.partition(), targets));
            if (done != null) {
                done.add(frame.items().size());
            }
        }));
        return out.iterator();
    }

    /**
     * Hop counts along out-edges from the nearest of {@code sources}; vertices no source reaches get none, and
     * sources that are not vertices are ignored, as {@code GraphJob.distances} answers. The frontier of each
     * superstep goes through the driver, so this suits graphs whose widest frontier fits in its memory.
     */
    public Map<String, Long> distances(TableOptions graph, Set<String> sources) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        try (Progress p = new Progress(spark, "distances in " + graph.table(), progress)) {
            JavaPairRDD<String, List<String>> adjacency = partitioned(graph, p.items());
            Set<String> wanted = Set.copyOf(sources);
            Map<String, Long> distances = new HashMap<>(adjacency.keys().filter(wanted::contains)
                    .mapToPair(v -> new Tuple2<>(v, 0L)).collectAsMap());
            Map<String, Long> changed = Map.copyOf(distances);
            long step = 1;
            while (!changed.isEmpty()) {
                Map<String, Long> known = Map.copyOf(distances);
                JavaPairRDD<String, Long> frontier = jsc.parallelizePairs(changed.entrySet().stream()
                        .map(e -> new Tuple2<>(e.getKey(), e.getValue())).toList());
                changed = new HashMap<>(adjacency.join(frontier)
                        .flatMapToPair(e -> e._2()._1().stream().map(t -> new Tuple2<>(t, e._2()._2() + 1)).iterator())
                        .reduceByKey(Math::min)
                        .filter(m -> !known.containsKey(m._1()) || known.get(m._1()) > m._2())
                        .collectAsMap());
                distances.putAll(changed);
                p.print("superstep " + ++step + ": " + changed.size() + " vertices reached");
            }
            adjacency.unpersist();
            return Map.copyOf(distances);
        }
    }

    /**
     * Weakly connected components: each vertex labelled with the smallest vertex id (UTF-8 order) of its
     * component, edges taken in both directions, as {@code GraphJob.components} answers.
     */
    public Map<String, String> components(TableOptions graph) {
        try (Progress p = new Progress(spark, "components of " + graph.table(), progress)) {
            JavaPairRDD<String, List<String>> adjacency = partitioned(graph, p.items());
            HashPartitioner parts = new HashPartitioner(adjacency.getNumPartitions());
            JavaPairRDD<String, String> neighbours = adjacency.flatMapToPair(v -> {
                List<Tuple2<String, String>> both = new ArrayList<>();
                for (String t : v._2()) {
                    both.add(new Tuple2<>(v._1(), t));
                    both.add(new Tuple2<>(t, v._1()));
                }
                return both.iterator();
            }).partitionBy(parts).mapPartitionsToPair(GraphJobs::distinctPairs, true)
                    .persist(StorageLevel.MEMORY_AND_DISK());
            JavaPairRDD<String, String> labels = adjacency.mapPartitionsToPair(GraphJobs::selfLabels, true)
                    .persist(StorageLevel.MEMORY_AND_DISK());
            long step = 1;
            while (true) {
                JavaPairRDD<String, String> heard = neighbours.join(labels)
                        .mapToPair(e -> new Tuple2<>(e._2()._1(), e._2()._2()))
                        .reduceByKey(parts, GraphJobs::smaller);
                JavaPairRDD<String, String> next = labels.leftOuterJoin(heard)
                        .mapValues(l -> pick(l._1(), l._2()))
                        .persist(StorageLevel.MEMORY_AND_DISK());
                long changed = next.join(labels).filter(e -> !e._2()._1().equals(e._2()._2())).count();
                labels.unpersist();
                labels = next;
                p.print("superstep " + ++step + ": " + changed + " vertices relabelled");
                if (changed == 0) {
                    break;
                }
            }
            Map<String, String> out = Map.copyOf(labels.collectAsMap());
            labels.unpersist();
            neighbours.unpersist();
            adjacency.unpersist();
            return out;
        }
    }

    /**
     * PageRank by power iteration, as {@code GraphJob.pageRank(damping, tolerance, maxIterations)} computes it:
     * every vertex starts at 1/N; each iteration sets {@code rank = (1 - d) / N + d * (incoming shares + dangling / N)},
     * where {@code dangling} is the previous ranks' total over vertices without out-edges; stops when an
     * iteration changes the ranks by less than {@code tolerance} in total (L1) or after {@code maxIterations}.
     * Sums of floating-point shares may be added in another order than in one JVM, so ranks may differ from the
     * single-JVM ones in the last bits.
     */
    public Map<String, Double> pageRank(TableOptions graph, double damping, double tolerance, int maxIterations) {
        if (!(damping > 0 && damping < 1) || !(tolerance >= 0) || Double.isInfinite(tolerance) || maxIterations < 1) {
            throw new IllegalArgumentException("invalid PageRank job: damping " + damping + " (0 to 1 exclusive), tolerance "
                    + tolerance + " (zero or positive), maxIterations " + maxIterations + " (at least 1)");
        }
        try (Progress p = new Progress(spark, "pagerank of " + graph.table(), progress)) {
            JavaPairRDD<String, List<String>> adjacency = partitioned(graph, p.items());
            HashPartitioner parts = new HashPartitioner(adjacency.getNumPartitions());
            double n = adjacency.count();
            JavaPairRDD<String, Double> ranks = adjacency.mapValues(out -> 1.0 / n).persist(StorageLevel.MEMORY_AND_DISK());
            double dangling = dangling(adjacency, ranks);
            long step = 1;
            while (step <= maxIterations) {
                step++;
                double spread = dangling;
                JavaPairRDD<String, Double> incoming = adjacency.join(ranks)
                        .flatMapToPair(v -> v._2()._1().stream()
                                .map(t -> new Tuple2<>(t, v._2()._2() / v._2()._1().size())).iterator())
                        .reduceByKey(parts, Double::sum);
                JavaPairRDD<String, Double> next = ranks.leftOuterJoin(incoming)
                        .mapValues(r -> (1 - damping) / n + damping * (r._2().orElse(0.0) + spread / n))
                        .persist(StorageLevel.MEMORY_AND_DISK());
                double delta = next.join(ranks).mapToDouble(r -> Math.abs(r._2()._1() - r._2()._2())).sum();
                dangling = dangling(adjacency, next);
                ranks.unpersist();
                ranks = next;
                p.print("iteration " + step + ": change " + delta);
                if (delta < tolerance) {
                    break;
                }
            }
            Map<String, Double> out = Map.copyOf(ranks.collectAsMap());
            ranks.unpersist();
            adjacency.unpersist();
            return out;
        }
    }

    /** PageRank with damping 0.85, tolerance 1e-6 and at most 100 iterations, as {@code GraphJob.pageRank()}. */
    public Map<String, Double> pageRank(TableOptions graph) {
        return pageRank(graph, 0.85, 1e-6, 100);
    }

    /**
     * The adjacency, hash-partitioned by vertex and kept for the supersteps: the per-vertex values derived from it
     * keep its partitioning, so that joining them with it moves nothing between tasks.
     */
    private JavaPairRDD<String, List<String>> partitioned(TableOptions graph, LongAccumulator done) {
        return adjacency(graph, done).partitionBy(new HashPartitioner(graph.segments()))
                .persist(StorageLevel.MEMORY_AND_DISK());
    }

    private static Iterator<Tuple2<String, String>> distinctPairs(Iterator<Tuple2<String, String>> pairs) {
        java.util.LinkedHashSet<Tuple2<String, String>> seen = new java.util.LinkedHashSet<>();
        pairs.forEachRemaining(seen::add);
        return seen.iterator();
    }

    private static Iterator<Tuple2<String, String>> selfLabels(Iterator<Tuple2<String, List<String>>> vertices) {
        List<Tuple2<String, String>> out = new ArrayList<>();
        vertices.forEachRemaining(v -> out.add(new Tuple2<>(v._1(), v._1())));
        return out.iterator();
    }

    private static double dangling(JavaPairRDD<String, List<String>> adjacency, JavaPairRDD<String, Double> ranks) {
        return adjacency.filter(v -> v._2().isEmpty()).join(ranks).mapToDouble(v -> v._2()._2()).sum();
    }

    private static String pick(String label, Optional<String> heard) {
        return heard.isPresent() ? smaller(label, heard.get()) : label;
    }

    private static String smaller(String a, String b) {
        return Utf8Order.compare(a, b) <= 0 ? a : b;
    }
}
