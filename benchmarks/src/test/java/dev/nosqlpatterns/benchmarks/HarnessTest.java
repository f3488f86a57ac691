package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.memory.MemoryStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HarnessTest {
    private Store store;

    @BeforeEach
    void open() {
        store = MemoryStore.create();
        store.createTable(TableSpec.named("t"));
        for (int i = 0; i < 4; i++) {
            store.put("t", Item.builder("p", "s" + i).put("v", "v" + i).build());
        }
    }

    @AfterEach
    void close() {
        store.close();
    }

    private Answer read(int i) {
        return Answer.anyOrder(store.get("t", Key.of("p", "s" + (i % 4))).map(x -> x.getString("v").orElseThrow()).stream().toList());
    }

    @Test
    void aWrongAnswerFailsBeforeAnythingIsTimed() {
        AtomicInteger calls = new AtomicInteger();
        CellSpec spec = CellSpec.read("broken", 4, 10, i -> {
            calls.incrementAndGet();
            return read(i);
        }, i -> Answer.anyOrder(List.of(i % 4 == 3 ? "wrong" : "v" + (i % 4))), -1);
        WrongAnswerException e = assertThrows(WrongAnswerException.class, () -> new Harness(3).measure(store, spec));
        assertTrue(e.getMessage().contains("broken input 3"), e.getMessage());
        assertEquals(4, calls.get(), "only the check phase ran");
    }

    @Test
    void measuresEveryRepetitionWithTheStoresCosts() {
        AtomicInteger calls = new AtomicInteger();
        CellSpec spec = CellSpec.read("get", 4, 10, i -> {
            calls.incrementAndGet();
            return read(i);
        }, i -> Answer.anyOrder(List.of("v" + (i % 4))), 123);
        Harness.Measured m = new Harness(3).measure(store, spec);
        assertEquals(30, m.stats().samples());
        assertEquals(4 + 5 + 30, calls.get(), "check, warm-up of half a repetition, three repetitions");
        assertEquals(1.0, m.costs().roundTripsPerOp(), 1e-9);
        assertEquals(1.0, m.costs().criticalPathPerOp(), 1e-9);
        assertEquals(1.0, m.costs().readAmplification(), 1e-9);
        assertTrue(Double.isNaN(m.costs().writesPerLogicalWrite()));
        assertEquals(123, m.costs().storageBytes());
        assertTrue(m.costs().capacityPerOp() >= 1, "estimated at least one read unit per get");
    }

    @Test
    void readCellsWarmUpAndRepeatForTheirLeastTimesAndWritesKeepTheirCounts() {
        List<Long> starts = new java.util.ArrayList<>();
        CellSpec spec = CellSpec.read("slow get", 4, 2, i -> {
            starts.add(System.nanoTime());
            sleepAMillisecond();
            return read(i);
        }, i -> Answer.anyOrder(List.of("v" + (i % 4))), -1);
        Harness.Measured m = new Harness(2, Duration.ofMillis(60), Duration.ofMillis(30)).measure(store, spec);
        long samples = m.stats().samples();
        assertTrue(samples >= 2 * 30 / 2, "each repetition lasted at least 30 ms of 1 ms reads: " + samples + " samples");
        assertEquals(0, samples % 2, "whole repetitions of the cell's operations");
        long firstWarmUp = starts.get(4);
        long firstTimed = starts.get(starts.size() - (int) samples);
        assertTrue(firstTimed - firstWarmUp >= Duration.ofMillis(60).toNanos(), "warmed up for at least 60 ms");

        AtomicInteger writes = new AtomicInteger();
        CellSpec write = CellSpec.write("put", 1, 4, i -> {
            writes.incrementAndGet();
            store.put("t", Item.builder("w", "s" + i).build());
            return null;
        }, i -> Answer.anyOrder(store.get("t", Key.of("w", "s" + i)).map(x -> x.key().sort()).stream().toList()),
                i -> Answer.anyOrder(List.of("s" + i)), 1);
        Harness.Measured w = new Harness(2, Duration.ofMillis(60), Duration.ofMillis(30)).measure(store, write);
        assertEquals(8, w.stats().samples(), "a write cell runs its operations per repetition, however fast");
        assertEquals(1 + 2 + 8, writes.get(), "check, warm-up of half a repetition, two repetitions");
    }

    @Test
    void readCellsWarmUpWithTheirLeastOperationsUpToTheLimit() {
        AtomicInteger fast = new AtomicInteger();
        CellSpec quick = counted("get", 2, fast, false);
        Harness.Measured m = new Harness(1, Duration.ZERO, 300, Duration.ZERO).measure(store, quick);
        assertEquals(2, m.stats().samples());
        // no least time: the warm-up ends at once, after half a repetition, whatever its least operations
        assertEquals(4 + 1 + 2, fast.get());

        AtomicInteger slow = new AtomicInteger();
        CellSpec sleepy = counted("slow get", 2, slow, true);
        // 20 ms would end after about 20 reads of 1 ms; the 30 reads asked for take 30 to 200 ms
        new Harness(1, Duration.ofMillis(20), 30, Duration.ZERO).measure(store, sleepy);
        assertEquals(4 + 30 + 2, slow.get(), "check, 30 reads of warm-up, one repetition");

        slow.set(0);
        long t0 = System.nanoTime();
        new Harness(1, Duration.ofMillis(5), 1_000_000, Duration.ZERO).measure(store, sleepy);
        assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(50).toNanos(), "warmed up until its limit of 50 ms");
        assertTrue(slow.get() < 4 + 1_000 + 2, "stopped at the limit, far short of its least operations: " + slow.get());
    }

    @Test
    void refusesANegativeWarmUpCount() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Harness(1, Duration.ZERO, -1, Duration.ZERO));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }

    /** A read of the 4 items with the right answer, counted in {@code calls}, sleeping 1 ms first if {@code slow}. */
    private CellSpec counted(String technique, int opsPerRepetition, AtomicInteger calls, boolean slow) {
        return CellSpec.read(technique, 4, opsPerRepetition, i -> {
            calls.incrementAndGet();
            if (slow) {
                sleepAMillisecond();
            }
            return read(i);
        }, i -> Answer.anyOrder(List.of("v" + (i % 4))), -1);
    }

    private static void sleepAMillisecond() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void writesAreReadBackBeforeAndAfterTiming() {
        AtomicInteger readBacks = new AtomicInteger();
        CellSpec spec = CellSpec.write("put", 2, 4, i -> {
            store.put("t", Item.builder("w", "s" + i).build());
            return null;
        }, i -> {
            readBacks.incrementAndGet();
            return Answer.anyOrder(store.get("t", Key.of("w", "s" + i)).map(x -> x.key().sort()).stream().toList());
        }, i -> Answer.anyOrder(List.of("s" + i)), 1);
        Harness.Measured m = new Harness(2).measure(store, spec);
        assertEquals(8, m.stats().samples());
        assertEquals(3, readBacks.get(), "two checks before timing, the last timed write after");
        assertEquals(1.0, m.costs().writesPerLogicalWrite(), 1e-9);
    }

    @Test
    void aWriteThatIsNotStoredFails() {
        CellSpec spec = CellSpec.write("lost", 1, 4, i -> null,
                i -> Answer.anyOrder(store.get("t", Key.of("w", "s" + i)).map(x -> x.key().sort()).stream().toList()),
                i -> Answer.anyOrder(List.of("s" + i)), 1);
        assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store, spec));
    }

    @Test
    void aCellWhoseCallsAreNotMeteredShowsNoCostFigures() {
        CellSpec spec = CellSpec.read("unmetered", 1, 3, i -> Answer.anyOrder(List.of("x")),
                i -> Answer.anyOrder(List.of("x")), -1);
        Harness.Measured m = new Harness(1).measure(store, spec);
        assertTrue(Double.isNaN(m.costs().roundTripsPerOp()), "not zero round trips");
        assertTrue(Double.isNaN(m.costs().capacityPerOp()));
    }

    @Test
    void rivalsRunInTurnOnTheSameInputsAndOnlyTheLibrarysCallsAreMetered() {
        List<String> order = new java.util.ArrayList<>();
        CellSpec library = CellSpec.read("library", 4, 10, i -> {
            order.add("L" + i);
            return read(i);
        }, i -> Answer.anyOrder(List.of("v" + (i % 4))), -1);
        CellSpec rival = CellSpec.read("rival", 4, 10, i -> {
            order.add("R" + i);
            return Answer.anyOrder(List.of("v" + (i % 4)));
        }, i -> Answer.anyOrder(List.of("v" + (i % 4))), -1);
        List<Harness.Measured> m = new Harness(3).measureInterleaved(store, library, rival);
        assertEquals(30, m.get(0).stats().samples());
        assertEquals(30, m.get(1).stats().samples());
        assertEquals(2 * (4 + 10 + 30 + 10), order.size(),
                "check, a whole repetition of warm-up, three repetitions, one metered, each side");
        int timed = 2 * (4 + 10);
        assertEquals(List.of("L14", "R14", "R15", "L15"), order.subList(timed, timed + 4), "same input, first turn alternates");
        assertEquals(1.0, m.get(0).costs().roundTripsPerOp(), 1e-9);
        assertTrue(Double.isNaN(m.get(1).costs().roundTripsPerOp()), "the rival bypasses the store: no figure");
    }

    @Test
    void rivalsWarmUpWithMoreOperationsThanReadsWritesToo() {
        AtomicInteger libraryWrites = new AtomicInteger();
        AtomicInteger rivalWrites = new AtomicInteger();
        CellSpec library = CellSpec.write("library", 2, 4, i -> {
            libraryWrites.incrementAndGet();
            sleepAMillisecond();
            store.put("t", Item.builder("wl", "s" + i).build());
            return null;
        }, i -> Answer.anyOrder(store.get("t", Key.of("wl", "s" + i)).map(x -> x.key().sort()).stream().toList()),
                i -> Answer.anyOrder(List.of("s" + i)), 1);
        CellSpec rival = CellSpec.write("rival", 2, 4, i -> {
            rivalWrites.incrementAndGet();
            store.put("t", Item.builder("wr", "s" + i).build());
            return null;
        }, i -> Answer.anyOrder(store.get("t", Key.of("wr", "s" + i)).map(x -> x.key().sort()).stream().toList()),
                i -> Answer.anyOrder(List.of("s" + i)), 1);
        // 2 × 15 writes of at least 1 ms outlast the least time of 10 ms and end within the limit of 100 ms
        List<Harness.Measured> m = new Harness(1, Duration.ofMillis(10), 2, Duration.ZERO).measureInterleaved(store, library, rival);
        assertEquals(4, m.get(0).stats().samples(), "writes keep their counts once timed");
        assertEquals(2 + 2 * Harness.RIVAL_WARM_UP_FACTOR + 4 + 4, libraryWrites.get(),
                "two checks, 30 writes of warm-up, one repetition, one metered");
        assertEquals(libraryWrites.get(), rivalWrites.get());
        assertEquals(1.0, m.get(0).costs().roundTripsPerOp(), 1e-9, "the library's own put, not the rival's too");
        assertEquals(1.0, m.get(1).costs().roundTripsPerOp(), 1e-9, "a rival that goes through the store is metered");
    }

    @Test
    void aWrongRivalFailsBeforeAnythingIsTimed() {
        AtomicInteger calls = new AtomicInteger();
        CellSpec library = counted("library", 10, calls, false);
        CellSpec rival = CellSpec.read("rival", 4, 10, i -> Answer.anyOrder(List.of("wrong")),
                i -> Answer.anyOrder(List.of("v" + (i % 4))), -1);
        WrongAnswerException e = assertThrows(WrongAnswerException.class,
                () -> new Harness(3).measureInterleaved(store, library, rival));
        assertTrue(e.getMessage().contains("rival input 0"), e.getMessage());
        assertEquals(1, calls.get(), "only the check of the first input ran");
    }
}
