package dev.nosqlpatterns.testkit.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.graph.BatchGraphProcessor;
import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphJob;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.graph.VertexValues;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Batch graph processing: breadth-first distances, connected components and PageRank by
 * message passing over parallel segmented scans equal the in-memory algorithms on random graphs with
 * several components, dangling and isolated vertices, self-loops and ids whose UTF-8 order differs from
 * UTF-16 order.
 */
public abstract class BatchGraphSuite extends StoreSuite {
    /** Vertices of the random graphs; settable with -Dnosqlpatterns.graph.vertices. */
    private static final int VERTICES = Integer.getInteger("nosqlpatterns.graph.vertices", 90);
    private static final double TOLERANCE = 1e-6;
    private static final int ITERATIONS = 15;

    protected GraphOracle oracle;
    protected GraphTable graph;

    /** A random graph written to a new table, with its in-memory twin in {@link #oracle}. */
    protected void randomGraph(long seed) {
        oracle = GraphOracle.random(new Random(seed), VERTICES, 4, 2.5);
        graph = GraphTable.open(store, newTable());
        graph.addVertices(oracle.vertices());
        graph.addEdges(oracle.edges());
    }

    protected BatchGraphProcessor processor(int segments, int parallelism) {
        return BatchGraphProcessor.builder(graph, newTable()).segments(segments).parallelism(parallelism)
                .pageSize(250).batchSize(100).build();
    }

    @Test
    void distancesEqualBreadthFirstSearch() {
        randomGraph(1);
        List<String> vertices = new ArrayList<>(oracle.vertices());
        Set<String> sources = Set.of(vertices.get(0), vertices.get(5), "no such vertex");
        VertexValues<Long> distances = processor(4, 4).run(GraphJob.distances(sources));
        Map<String, Long> expected = oracle.distances(sources);
        assertEquals(expected, distances.toMap());
        assertEquals(VERTICES, distances.vertices());
        long farthest = expected.values().stream().mapToLong(Long::longValue).max().orElse(0);
        assertEquals(farthest + 2, distances.supersteps(), "one superstep per hop, one to start, one to hear nothing new");
        assertEquals(expected.get(vertices.get(5)), distances.get(vertices.get(5)).orElseThrow());
    }

    @Test
    void componentsEqualUnionFind() {
        randomGraph(2);
        VertexValues<String> components = processor(4, 2).run(GraphJob.components());
        assertEquals(oracle.components(), components.toMap());
        assertTrue(Set.copyOf(components.toMap().values()).size() > 1, "the random graph has several components");
    }

    @Test
    void pageRankEqualsPowerIteration() {
        randomGraph(3);
        VertexValues<Double> ranks = processor(4, 4).run(GraphJob.pageRank(0.85, TOLERANCE, ITERATIONS));
        Map<String, Double> expected = oracle.pageRank(0.85, TOLERANCE, ITERATIONS);
        Map<String, Double> actual = ranks.toMap();
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((v, r) -> assertEquals(r, actual.get(v), 1e-12, "rank of " + v));
        assertEquals(1.0, actual.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9, "ranks sum to one");
    }

    @Test
    void oneSegmentAndManySegmentsAgree() {
        randomGraph(4);
        GraphJob<String> job = GraphJob.components();
        assertEquals(processor(1, 1).run(job).toMap(), processor(7, 3).run(job).toMap());
    }

    @Test
    void aFinishedJobResumesToItsResultWithoutWorking() {
        randomGraph(5);
        BatchGraphProcessor processor = processor(2, 2);
        GraphJob<Long> job = GraphJob.distances(List.of(oracle.vertices().iterator().next()));
        VertexValues<Long> first = processor.run(job);
        CostTally tally = new CostTally();
        VertexValues<Long> again = store.measure(tally, () -> processor.resume(GraphJob.distances(List.of(oracle.vertices().iterator().next()))));
        assertEquals(1, tally.calls(), "one read of the job header: " + tally);
        assertEquals(first.supersteps(), again.supersteps());
        assertEquals(first.toMap(), again.toMap());
        VertexValues<String> other = processor.resume(GraphJob.components());
        assertEquals(oracle.components(), other.toMap(), "another job starts afresh in the same work table");
        assertTrue(other.get(oracle.vertices().iterator().next()).isPresent());
    }

    @Test
    void anEmptyGraphAndAnEdgelessGraphWork() {
        graph = GraphTable.open(store, newTable());
        assertEquals(Map.of(), processor(2, 2).run(GraphJob.pageRank()).toMap());
        graph.addVertices(List.of("a", "b"));
        assertEquals(Map.of("a", 0.5, "b", 0.5), processor(2, 2).run(GraphJob.pageRank()).toMap());
        assertEquals(Map.of("a", "a", "b", "b"), processor(2, 2).run(GraphJob.components()).toMap());
        graph.addEdges(List.of(Edge.of("a", "b")));
        assertEquals(List.of("b"), graph.targets("a"));
        graph.removeEdges(List.of(Edge.of("a", "b")));
        assertEquals(List.of(), graph.targets("a"));
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        graph = GraphTable.open(store, newTable());
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> graph.addVertices(List.of("fine", "")));
            assertTrue(e.getMessage().contains("vertex id must not be empty"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Edge.of("a", "x".repeat(Edge.MAX_VERTEX_BYTES + 1)));
            assertThrows(IllegalArgumentException.class, () -> GraphJob.distances(List.of()));
            IllegalArgumentException pr = assertThrows(IllegalArgumentException.class, () -> GraphJob.pageRank(1.5, -1, 0));
            for (String part : List.of("damping", "tolerance", "maxIterations")) {
                assertTrue(pr.getMessage().contains(part), pr.getMessage());
            }
            IllegalArgumentException b = assertThrows(IllegalArgumentException.class,
                    () -> BatchGraphProcessor.builder(graph, graph.table()).segments(0).batchSize(0).build());
            for (String part : List.of("must not be the graph's table", "segments", "batchSize")) {
                assertTrue(b.getMessage().contains(part), b.getMessage());
            }
        });
        assertEquals(0, tally.itemsWritten(), "nothing written: " + tally);
        assertTrue(graph.targets("fine").isEmpty());
    }
}
