package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The kit's seeds: one kit seed replays the same schedules, another draws others, a failure names the seed
 * and the flags that replay it, and bad property values are refused.
 */
class KitRunTest {
    private static final String LABEL = "TreeInterleavingSuite.randomSchedules [1] AGGREGATE";
    private static final String SELECT = "-Dtest=MemoryConformanceTest -Dnosqlpatterns.kit.suites=TreeInterleavings";

    /**
     * Runs every schedule of a run on a fresh memory store: three writers, each drawing its increments from
     * the schedule's seed, interleaved under that seed. The result is each schedule's order of store calls.
     */
    private static List<List<String>> traces(KitRun run, int count) {
        List<List<String>> traces = new ArrayList<>();
        StoreBackend backend = new MemoryBackend();
        Store store = Store.of(backend);
        store.createTable(TableSpec.named("t"));
        Interleaving.randomSchedules(backend, List.of("t"), RandomSchedules.of(run, LABEL, count, SELECT),
                () -> store.delete("t", Key.of("p", "c")), random -> writers(random),
                description -> traces.add(List.of(description.split("\n"))));
        return traces;
    }

    private static List<Consumer<Store>> writers(Random random) {
        List<Consumer<Store>> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            int calls = 1 + random.nextInt(3);
            long by = 1 + random.nextInt(9);
            writers.add(s -> {
                for (int i = 0; i < calls; i++) {
                    s.update("t", Key.of("p", "c"), UpdateAction.add("n", by));
                }
            });
        }
        return writers;
    }

    @Test
    void oneSeedReplaysTheSameSchedules() {
        List<List<String>> first = traces(KitRun.of(123, 1), 20);
        List<List<String>> second = traces(KitRun.of(123, 1), 20);
        assertEquals(20, first.size());
        assertEquals(first, second, "two runs with one kit seed make the same store calls in the same order");
    }

    @Test
    void anotherSeedDrawsOtherSchedules() {
        assertNotEquals(traces(KitRun.of(123, 1), 20), traces(KitRun.of(124, 1), 20));
    }

    @Test
    void seedsDependOnTheKitSeedTheTestAndTheIndexOnly() {
        RandomSchedules few = RandomSchedules.of(KitRun.of(7, 1), LABEL, 3, "");
        RandomSchedules many = RandomSchedules.of(KitRun.of(7, 20), LABEL, 60, "");
        for (int k = 0; k < few.count(); k++) {
            assertEquals(few.seed(k), many.seed(k), "schedule " + k + " is the same in a longer run");
        }
        assertNotEquals(few.seed(0), few.seed(1));
        assertNotEquals(few.seed(0), RandomSchedules.of(KitRun.of(7, 1), LABEL + " [true]", 3, "").seed(0),
                "another test draws other seeds");
        assertThrows(IndexOutOfBoundsException.class, () -> few.seed(3));
    }

    @Test
    void aFailureNamesTheSeedAndTheFlagsThatReplayIt() {
        RandomSchedules schedules = RandomSchedules.of(KitRun.of(4242, 2.5), LABEL, 5, SELECT);
        AtomicInteger ran = new AtomicInteger();
        AssertionError failure = assertThrows(AssertionError.class, () -> schedules.forEach(seed -> {
            if (ran.incrementAndGet() == 3) {
                throw new AssertionError("tree lost node a1");
            }
        }));
        String message = failure.getMessage();
        assertTrue(message.contains("-Dnosqlpatterns.kit.seed=4242 -Dnosqlpatterns.kit.schedules=2.5 " + SELECT), message);
        assertTrue(message.contains("random schedule 3 of 5 (schedule seed " + schedules.seed(2) + ")"), message);
        assertTrue(message.contains(LABEL) && message.contains("tree lost node a1"), message);
        assertEquals("tree lost node a1", failure.getCause().getMessage());
        assertEquals(3, ran.get(), "no schedule runs after a failure");
    }

    @Test
    void anUnexpectedExceptionIsWrappedAndASkipPassesThrough() {
        RandomSchedules schedules = RandomSchedules.of(KitRun.of(-5, 1), LABEL, 2, "");
        AssertionError failure = assertThrows(AssertionError.class, () -> schedules.forEach(seed -> {
            throw new IllegalStateException("stuck");
        }));
        assertTrue(failure.getMessage().contains("-Dnosqlpatterns.kit.seed=-5\n"), failure.getMessage());
        assertTrue(failure.getCause() instanceof IllegalStateException);
        TestAbortedException skip = new TestAbortedException("no capability");
        assertSame(skip, assertThrows(TestAbortedException.class, () -> schedules.forEach(seed -> {
            throw skip;
        })));
    }

    @Test
    void propertiesGiveTheSeedAndFactorOrAFreshSeed() {
        KitRun given = KitRun.fromProperties(Map.of(KitRun.SEED_PROPERTY, " 99 ", KitRun.SCHEDULES_PROPERTY, "20")::get,
                new Random(1));
        assertEquals(99, given.seed());
        assertEquals(20.0, given.scheduleFactor());
        assertEquals(400, given.scale(20));
        assertEquals(1, KitRun.of(1, 0.01).scale(25), "at least one schedule");
        KitRun fresh = KitRun.fromProperties(Map.<String, String>of()::get, new Random(1));
        assertEquals(1.0, fresh.scheduleFactor());
        assertNotEquals(fresh.seed(), KitRun.fromProperties(Map.<String, String>of()::get, new Random(2)).seed(),
                "without the property each run draws its own seed");
    }

    @Test
    void badPropertiesAreRefusedNamingEveryValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KitRun.fromProperties(
                Map.of(KitRun.SEED_PROPERTY, "0x1f", KitRun.SCHEDULES_PROPERTY, "-2")::get, new Random(1)));
        assertTrue(e.getMessage().contains("nosqlpatterns.kit.seed") && e.getMessage().contains("\"0x1f\""), e.getMessage());
        assertTrue(e.getMessage().contains("nosqlpatterns.kit.schedules") && e.getMessage().contains("\"-2\""), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KitRun.of(1, Double.NaN));
    }

    @Test
    void profilesAreCheckedAndSized() {
        KitProfile networked = KitProfile.networked();
        assertEquals(6, networked.schedules(0.3));
        assertEquals(1, networked.toBuilder().randomSchedules(1).build().schedules(0.1));
        assertTrue(KitProfile.inProcess().runs(KitProfile.Mode.EVERY_PAUSE_PAIR));
        assertTrue(!networked.runs(KitProfile.Mode.EVERY_PAUSE_PAIR)
                && networked.runs(KitProfile.Mode.ATOMIC_THREE_WRITER_SCHEDULES));
        assertTrue(!networked.toBuilder().without(KitProfile.Mode.ATOMIC_THREE_WRITER_SCHEDULES).build()
                .runs(KitProfile.Mode.ATOMIC_THREE_WRITER_SCHEDULES));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KitProfile.builder().randomSchedules(0).randomOperations(-1).with(null).build());
        assertTrue(e.getMessage().contains("randomSchedules") && e.getMessage().contains("randomOperations")
                && e.getMessage().contains("modes"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> networked.schedules(0));
        assertThrows(IllegalArgumentException.class, () -> networked.schedules(1.5));
    }
}
