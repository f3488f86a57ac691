package dev.nosqlpatterns.testkit.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.graph.BatchGraphProcessor;
import dev.nosqlpatterns.graph.GraphJob;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A batch graph job interrupted at a write (during the copy, in the middle of a superstep, or just after
 * one) continues with {@code resume} on a healthy store and ends with exactly the uninterrupted result.
 */
public abstract class BatchGraphCrashSuite extends StoreSuite {
    /** Crash points per job, spread over its writes; settable with -Dnosqlpatterns.graph.crashPoints. */
    private static final int CRASH_POINTS = Integer.getInteger("nosqlpatterns.graph.crashPoints", 4);

    @Test
    void pageRankResumesToTheSameRanks() {
        crashAndResume(GraphJob.pageRank(0.85, 1e-9, 6), 31);
    }

    @Test
    void componentsResumeToTheSameLabels() {
        crashAndResume(GraphJob.components(), 32);
    }

    private <T> void crashAndResume(GraphJob<T> job, long seed) {
        GraphOracle oracle = GraphOracle.random(new Random(seed), 60, 3, 2.0);
        String graphTable = newTable();
        String work = newTable();
        GraphTable graph = GraphTable.open(store, graphTable);
        graph.addVertices(oracle.vertices());
        graph.addEdges(oracle.edges());
        Function<Store, BatchGraphProcessor> processor = s -> BatchGraphProcessor.builder(GraphTable.open(s, graphTable), work)
                .segments(3).parallelism(3).pageSize(200).batchSize(60).build();
        FaultInjectingBackend counting = countingBackend();
        Map<String, T> expected;
        try (Store counted = Store.of(counting)) {
            counted.createTable(TableSpec.named(graphTable));
            expected = processor.apply(counted).run(job).toMap();
        }
        int writes = counting.writes();
        assertTrue(writes > CRASH_POINTS, "a job takes several writes, counted " + writes);
        for (int i = 0; i < CRASH_POINTS; i++) {
            int n = 1 + (int) ((long) i * (writes - 1) / Math.max(1, CRASH_POINTS - 1));
            FaultInjectingBackend.When when = i % 2 == 0 ? FaultInjectingBackend.When.AFTER : FaultInjectingBackend.When.BEFORE;
            try (Store faulty = crashingStore(n, when)) {
                try {
                    processor.apply(faulty).run(job);
                } catch (FaultInjectingBackend.SimulatedCrash expectedCrash) {
                    // The job stops here; what it wrote stays.
                }
            }
            Map<String, T> resumed = processor.apply(store).resume(job).toMap();
            assertEquals(expected, resumed, "crash " + when + " write " + n + " of " + writes);
        }
    }
}
