package dev.nosqlpatterns.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Larger random graphs on the in-memory store against array-based algorithms, and torn batches mid-job. */
class BatchGraphProcessorTest {

    private static GraphTable load(Store store, GraphAlgorithms g) {
        GraphTable graph = GraphTable.open(store, "graph");
        graph.addVertices(g.ids);
        graph.addEdges(g.edges());
        return graph;
    }

    @Test
    void largeRandomGraphsMatchTheTextbookAlgorithms() {
        GraphAlgorithms g = GraphAlgorithms.random(17, 1_000, 2.0);
        try (Store store = Store.of(new MemoryBackend())) {
            BatchGraphProcessor processor = BatchGraphProcessor.builder(load(store, g), "work").segments(8).parallelism(4)
                    .pageSize(700).batchSize(150).build();
            Set<String> sources = Set.of(g.ids.get(1), g.ids.get(700));
            assertEquals(g.distances(sources), processor.run(GraphJob.distances(sources)).toMap());
            Map<String, String> components = processor.run(GraphJob.components()).toMap();
            assertEquals(g.components(), components);
            assertTrue(Set.copyOf(components.values()).size() > 25, "vertices without edges are components of their own");
            Map<String, Double> expected = g.pageRank(0.85, 1e-7, 60);
            Map<String, Double> ranks = processor.run(GraphJob.pageRank(0.85, 1e-7, 60)).toMap();
            assertEquals(expected.keySet(), ranks.keySet());
            expected.forEach((v, r) -> assertEquals(r, ranks.get(v), 1e-12, v));
        }
    }

    @Test
    void eachSuperstepCostsOneScanOfTheWorkTableAndBatchedWrites() {
        GraphAlgorithms g = GraphAlgorithms.random(3, 300, 2.0);
        try (Store store = Store.of(new MemoryBackend())) {
            BatchGraphProcessor processor = BatchGraphProcessor.builder(load(store, g), "work").segments(4).parallelism(2)
                    .pageSize(10_000).batchSize(10_000).build();
            CostTally tally = new CostTally();
            VertexValues<Double> ranks = store.measure(tally, () -> processor.run(GraphJob.pageRank(0.85, 0, 10)));
            assertEquals(11, ranks.supersteps());
            long phases = 1 + 1 + ranks.supersteps();
            long perPhase = 4 + 4 + 1;
            assertTrue(tally.calls() <= phases * perPhase + 2,
                    "clearing, copying and each superstep: a scan and a batch per segment, and a header write: " + tally);
        }
    }

    /**
     * A batch torn anywhere in the job (a state written without its messages, messages without their
     * state) still resumes to exactly the uninterrupted result, bit for bit.
     */
    @Test
    void aJobTornAnywhereResumesToExactlyTheSameResult() {
        GraphAlgorithms g = GraphAlgorithms.random(5, 150, 2.0);
        checkTornBatches(g, GraphJob.components());
        checkTornBatches(g, GraphJob.pageRank(0.85, 1e-5, 100));
        checkTornBatches(g, GraphJob.distances(Set.of(g.ids.get(0), g.ids.get(7))));
    }

    private <T> void checkTornBatches(GraphAlgorithms g, GraphJob<T> job) {
        MemoryBackend backend = new MemoryBackend();
        try (Store store = Store.of(backend)) {
            load(store, g);
            Function<Store, BatchGraphProcessor> processor = s -> BatchGraphProcessor.builder(GraphTable.open(s, "graph"), "work")
                    .segments(3).parallelism(1).pageSize(100).batchSize(40).build();
            TornBatchBackend counting = new TornBatchBackend(backend, Integer.MAX_VALUE);
            VertexValues<T> clean = processor.apply(Store.of(counting)).run(job);
            Map<String, T> expected = clean.toMap();
            int batches = counting.batches();
            assertTrue(batches > 10, "the job writes in many batches, counted " + batches);
            for (int n = 1; n <= batches; n += Math.max(1, batches / 12)) {
                TornBatchBackend torn = new TornBatchBackend(backend, n);
                assertThrows(StoreUnavailableException.class, () -> processor.apply(Store.of(torn)).run(job), "batch " + n);
                VertexValues<T> resumed = processor.apply(store).resume(job);
                assertEquals(expected, resumed.toMap(), job + ", batch " + n + " of " + batches + " torn");
                assertEquals(clean.supersteps(), resumed.supersteps(), job + ", batch " + n);
            }
        }
    }

    @Test
    void jobsWithEqualParametersAreEqual() {
        assertEquals(GraphJob.pageRank(), GraphJob.pageRank(0.85, 1e-6, 100));
        assertEquals(GraphJob.distances(Set.of("a", "b")), GraphJob.distances(java.util.List.of("b", "a", "b")));
        assertTrue(!GraphJob.components().equals(GraphJob.pageRank()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GraphJob.distances(java.util.Arrays.asList("a", null, "")));
        assertTrue(e.getMessage().contains("must not be null") && e.getMessage().contains("must not be empty"), e.getMessage());
    }
}
