package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.graphx.Graph;
import org.apache.spark.graphx.lib.ConnectedComponents;
import org.apache.spark.graphx.lib.PageRank;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * Compares the graph jobs' PageRank and components (supersteps over the adjacency read from the store) with
 * GraphX's on the same edges, read the same way, in the same {@code local[2,4]} session; only with
 * {@code -Dnosqlpatterns.spark.graphx=VERTICES}. PageRank runs a fixed number of iterations; GraphX's ranks
 * (which treat dangling vertices differently and sum to the vertex count) are only checked to rank the same
 * vertex first, and its components (labelled by number) to be as many. Prints the median of three runs of each,
 * run alternately, and the machine's load.
 */
@EnabledIfSystemProperty(named = "nosqlpatterns.spark.graphx", matches = "\\d+")
class GraphXComparisonTest {
    private static final int ITERATIONS = 10;
    private static final ClassTag<Integer> INT = ClassTag$.MODULE$.apply(Integer.class);

    @Test
    void superstepsAgainstGraphX() {
        int n = Integer.getInteger("nosqlpatterns.spark.graphx");
        String uri = "memory://graphx-" + System.nanoTime();
        try (Store store = Stores.open(uri)) {
            GraphTable graph = GraphTable.open(store, "web");
            Random random = new Random(11);
            List<Edge> edges = new ArrayList<>();
            for (int i = 0; i < 5 * n; i++) {
                int from = random.nextInt(n);
                int to = random.nextDouble() < 0.3 ? random.nextInt(Math.max(1, n / 100)) : random.nextInt(n);
                edges.add(Edge.of("v" + from, "v" + to));
                if (edges.size() == 1_000) {
                    graph.addEdges(edges);
                    edges.clear();
                }
            }
            graph.addEdges(edges);
            TableOptions table = TableOptions.of(uri, "web", 8);
            GraphJobs jobs = new GraphJobs(TestSpark.session(), null);
            double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            long[] ours = new long[3];
            long[] theirs = new long[3];
            long[] oursComponents = new long[3];
            long[] theirsComponents = new long[3];
            String oursFirst = null;
            String theirsFirst = null;
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime();
                Map<String, Double> ranks = jobs.pageRank(table, 0.85, 0, ITERATIONS);
                ours[round] = System.nanoTime() - t0;
                oursFirst = top(ranks);
                t0 = System.nanoTime();
                Map<String, Double> graphx = graphX(jobs.adjacency(table));
                theirs[round] = System.nanoTime() - t0;
                theirsFirst = top(graphx);
                assertTrue(graphx.size() >= ranks.size() * 0.99, "both rank (nearly) every vertex: " + graphx.size()
                        + " of " + ranks.size());
                t0 = System.nanoTime();
                Map<String, String> components = jobs.components(table);
                oursComponents[round] = System.nanoTime() - t0;
                t0 = System.nanoTime();
                long graphxComponents = graphXComponents(jobs.adjacency(table));
                theirsComponents[round] = System.nanoTime() - t0;
                assertEquals(new java.util.HashSet<>(components.values()).size(), graphxComponents,
                        "both find as many components");
            }
            assertEquals(oursFirst, theirsFirst, "both rank the same vertex first");
            java.util.Arrays.sort(ours);
            java.util.Arrays.sort(theirs);
            java.util.Arrays.sort(oursComponents);
            java.util.Arrays.sort(theirsComponents);
            System.out.printf("PageRank of %d vertices, %d edges, %d iterations (load average %.1f): supersteps %.1f s,"
                    + " GraphX %.1f s (medians of 3, each from the store's adjacency)%n", n, 5 * n, ITERATIONS, load,
                    ours[1] / 1e9, theirs[1] / 1e9);
            System.out.printf("Connected components of the same graph: supersteps %.1f s, GraphX %.1f s%n",
                    oursComponents[1] / 1e9, theirsComponents[1] / 1e9);
            assertTrue(ours[1] > 0 && theirs[1] > 0);
        }
    }

    /** GraphX's static PageRank over the adjacency, vertex ids mapped to dense longs and back. */
    private static Map<String, Double> graphX(JavaPairRDD<String, List<String>> adjacency) {
        JavaPairRDD<String, Long> ids = adjacency.keys().zipWithIndex().persist(StorageLevel.MEMORY_AND_DISK());
        Graph<Integer, Integer> g = graph(adjacency, ids);
        Graph<Object, Object> ranked = PageRank.run(g, ITERATIONS, 0.15, INT, INT);
        Map<Long, String> names = new HashMap<>();
        ids.collect().forEach(t -> names.put(t._2(), t._1()));
        Map<String, Double> out = new HashMap<>();
        ranked.vertices().toJavaRDD().collect().forEach(v -> out.put(names.get((Long) v._1()), (Double) v._2()));
        ids.unpersist(false);
        return out;
    }

    /** The number of GraphX's connected components of the adjacency's graph. */
    private static long graphXComponents(JavaPairRDD<String, List<String>> adjacency) {
        JavaPairRDD<String, Long> ids = adjacency.keys().zipWithIndex().persist(StorageLevel.MEMORY_AND_DISK());
        Graph<Object, Integer> labelled = ConnectedComponents.run(graph(adjacency, ids), INT, INT);
        long components = labelled.vertices().toJavaRDD().map(v -> v._2()).distinct().count();
        ids.unpersist(false);
        return components;
    }

    private static Graph<Integer, Integer> graph(JavaPairRDD<String, List<String>> adjacency,
                                                 JavaPairRDD<String, Long> ids) {
        JavaRDD<org.apache.spark.graphx.Edge<Integer>> edges = adjacency
                .flatMapToPair(v -> v._2().stream().map(t -> new Tuple2<>(t, v._1())).iterator())
                .join(ids)
                .mapToPair(e -> new Tuple2<>(e._2()._1(), e._2()._2()))
                .join(ids)
                .map(e -> new org.apache.spark.graphx.Edge<>(e._2()._2(), e._2()._1(), 1));
        return Graph.fromEdges(edges.rdd(), 1, StorageLevel.MEMORY_AND_DISK(), StorageLevel.MEMORY_AND_DISK(), INT,
                INT);
    }

    private static String top(Map<String, Double> ranks) {
        return ranks.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }
}
