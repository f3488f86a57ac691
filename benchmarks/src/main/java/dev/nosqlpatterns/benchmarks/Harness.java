package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Measures one {@link CellSpec} on one store: checks every input's answer against the oracle (a wrong
 * answer ends the cell as failed before anything is timed), warms up, then times the repetitions while
 * a {@link CapacityMeter} records what the store calls cost; write cells read back and check their last
 * timed write after timing (earlier ones may since have been overwritten, e.g. by a later move).
 */
final class Harness {
    /** A read cell's warm-up and repetitions run at most this many times their operations per repetition. */
    static final int MAX_STRETCH = 1000;
    /** A read cell's warm-up lasts at most this many times its least time, however few operations it ran. */
    static final int WARM_UP_LIMIT = 10;
    /**
     * How many times a read cell's least warm-up operations two rivals run before they are compared. The
     * library's calls go deeper than hand-written driver code, and the compiler takes longer to reach its
     * steady code: a Redis put took 1.05 to 1.12 times the hand-written one's after 1,000 to 10,000 puts,
     * 1.01 to 1.02 after 12,000 (one JVM, the two in turn).
     */
    static final int RIVAL_WARM_UP_FACTOR = 15;
    private final int repetitions;
    private final long readWarmUpNanos;
    private final int readWarmUpOps;
    private final long readRepetitionNanos;

    /** A harness that runs each cell's operations per repetition once per repetition, after half as many. */
    Harness(int repetitions) {
        this(repetitions, Duration.ZERO, Duration.ZERO);
    }

    /**
     * A harness whose read cells also warm up for at least {@code readWarmUp} and time each repetition for at
     * least {@code readRepetition}, repeating the cell's operations (reads repeat without changing anything):
     * a cell of a few slow operations would otherwise time code the JIT has not compiled yet, and give a
     * 99th percentile of a dozen samples. Write cells, whose every operation adds data, keep their counts,
     * but warm up as read cells when they are timed against a rival ({@link #measureInterleaved}).
     */
    Harness(int repetitions, Duration readWarmUp, Duration readRepetition) {
        this(repetitions, readWarmUp, 0, readRepetition);
    }

    /**
     * A harness whose read cells also warm up with at least {@code readWarmUpOps} operations, for at most
     * {@value #WARM_UP_LIMIT} times {@code readWarmUp}. Compilers, in the client and in a server written in
     * Java, compile a path after it ran so many times, not after so much time: a cell of slow operations
     * (a search of eight queries, 3 to 7 ms behind an added round trip) ran only a few hundred in half a
     * second, and was timed while the paths it takes were still being compiled.
     */
    Harness(int repetitions, Duration readWarmUp, int readWarmUpOps, Duration readRepetition) {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
        if (readWarmUp.isNegative() || readRepetition.isNegative()) {
            throw new IllegalArgumentException("read warm-up and repetition times must not be negative, got "
                    + readWarmUp + " and " + readRepetition);
        }
        if (readWarmUpOps < 0) {
            throw new IllegalArgumentException("read warm-up operations must not be negative, got " + readWarmUpOps);
        }
        this.readWarmUpOps = readWarmUpOps;
        this.repetitions = repetitions;
        this.readWarmUpNanos = readWarmUp.toNanos();
        this.readRepetitionNanos = readRepetition.toNanos();
    }

    /** The measured statistics and costs of {@code spec}; throws {@link WrongAnswerException} on a wrong answer. */
    Measured measure(Store store, CellSpec spec) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(spec, "spec");
        int counter = 0;
        for (; counter < spec.distinctInputs(); counter++) {
            check(spec, counter);
        }
        int ops = spec.opsPerRepetition();
        long stretch = spec.isWrite() ? 0 : 1;
        int warmUp = Math.max(1, ops / 2);
        WarmUp until = new WarmUp(stretch, readWarmUpOps);
        for (int w = 0; w < warmUp || w < MAX_STRETCH * stretch * ops && until.more(w); w++, counter++) {
            spec.operation().run(counter);
        }
        CapacityMeter meter = new CapacityMeter();
        Samples latencies = new Samples(repetitions * ops);
        List<LatencyStats.Repetition> reps = new ArrayList<>();
        long matched = 0;
        Store.Registration registration = store.onCost(meter);
        try {
            for (int r = 0; r < repetitions; r++) {
                long repStart = System.nanoTime();
                long minEnd = repStart + stretch * readRepetitionNanos;
                int done = 0;
                do {
                    for (int k = 0; k < ops; k++, counter++, done++) {
                        long start = System.nanoTime();
                        Answer answer = spec.operation().run(counter);
                        latencies.add(System.nanoTime() - start);
                        matched += spec.matched() != null ? spec.matched().applyAsLong(counter)
                                : answer == null ? 0 : answer.size();
                    }
                } while (done < MAX_STRETCH * stretch * ops && System.nanoTime() < minEnd);
                reps.add(new LatencyStats.Repetition(done, System.nanoTime() - repStart));
            }
        } finally {
            registration.close();
        }
        if (spec.isWrite()) {
            check(spec, counter - 1);
        }
        CellResult.Costs costs = costs(spec, meter, latencies.size(), matched);
        return new Measured(LatencyStats.of(latencies.toArray(), reps), costs);
    }

    /**
     * Measures {@code library} and {@code rival} interleaved: every input is checked for both, then each
     * warm-up and timed iteration runs both on the same counter, alternating which goes first, so that both
     * see the same server state, caches and machine load. The repetitions are timed with no cost listener on
     * {@code store}, as hand-written code has none, and the costs come from one repetition's operations more,
     * untimed, with a listener: the costs {@code store} reports while one side's operation runs are that
     * side's; a rival that bypasses the store (hand-written driver code) gets none.
     */
    List<Measured> measureInterleaved(Store store, CellSpec library, CellSpec rival) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(library, "library");
        Objects.requireNonNull(rival, "rival");
        if (library.opsPerRepetition() != rival.opsPerRepetition() || library.isWrite() != rival.isWrite()) {
            throw new IllegalArgumentException("interleaved cells need the same operations per repetition and kind, got "
                    + library.technique() + " and " + rival.technique());
        }
        int counter = 0;
        for (; counter < Math.max(library.distinctInputs(), rival.distinctInputs()); counter++) {
            if (counter < library.distinctInputs()) {
                check(library, counter);
            }
            if (counter < rival.distinctInputs()) {
                check(rival, counter);
            }
        }
        int ops = library.opsPerRepetition();
        long stretch = library.isWrite() ? 0 : 1;
        // at least a whole repetition of warm-up, a read cell's least time and more operations, writes too: the
        // two sides must both be compiled before they are compared, and the library has more code to compile
        WarmUp until = new WarmUp(1, RIVAL_WARM_UP_FACTOR * readWarmUpOps);
        for (int w = 0; w < ops || w < MAX_STRETCH * ops && until.more(w); w++, counter++) {
            library.operation().run(counter);
            rival.operation().run(counter);
        }
        CellSpec[] specs = {library, rival};
        Samples[] latencies = {new Samples(repetitions * ops), new Samples(repetitions * ops)};
        List<List<LatencyStats.Repetition>> reps = List.of(new ArrayList<>(), new ArrayList<>());
        // timed with no one receiving the calls' costs, as hand-written code has no cost listener: a store
        // sizes the items of a watched call and may ask the server for what only the report needs (DynamoDB's
        // consumed capacity)
        for (int r = 0; r < repetitions; r++) {
            long[] wall = new long[2];
            long minEnd = System.nanoTime() + stretch * readRepetitionNanos;
            int done = 0;
            do {
                for (int k = 0; k < ops; k++, counter++, done++) {
                    for (int turn = 0; turn < 2; turn++) {
                        int s = (k + turn) % 2;
                        long start = System.nanoTime();
                        specs[s].operation().run(counter);
                        long took = System.nanoTime() - start;
                        latencies[s].add(took);
                        wall[s] += took;
                    }
                }
            } while (done < MAX_STRETCH * stretch * ops && System.nanoTime() < minEnd);
            reps.get(0).add(new LatencyStats.Repetition(done, wall[0]));
            reps.get(1).add(new LatencyStats.Repetition(done, wall[1]));
        }
        // then one repetition's operations more, untimed, with a listener: what the calls cost
        CapacityMeter[] meters = {new CapacityMeter(), new CapacityMeter()};
        // the operations run one at a time on this thread: each cost goes to the side whose operation runs
        int[] running = {0};
        long[] matched = new long[2];
        Store.Registration registration = store.onCost(cost -> meters[running[0]].onCost(cost));
        try {
            for (int k = 0; k < ops; k++, counter++) {
                for (int turn = 0; turn < 2; turn++) {
                    int s = (k + turn) % 2;
                    running[0] = s;
                    Answer answer = specs[s].operation().run(counter);
                    matched[s] += specs[s].matched() != null ? specs[s].matched().applyAsLong(counter)
                            : answer == null ? 0 : answer.size();
                }
            }
        } finally {
            registration.close();
        }
        if (library.isWrite()) {
            check(library, counter - 1);
            check(rival, counter - 1);
        }
        List<Measured> out = new ArrayList<>(2);
        for (int s = 0; s < 2; s++) {
            out.add(new Measured(LatencyStats.of(latencies[s].toArray(), reps.get(s)),
                    costs(specs[s], meters[s], ops, matched[s])));
        }
        return out;
    }

    private static CellResult.Costs costs(CellSpec spec, CapacityMeter meter, double ops, long matched) {
        double unmetered = meter.calls() == 0 ? Double.NaN : 1;
        return new CellResult.Costs(
                unmetered * meter.roundTrips() / ops,
                unmetered * meter.criticalPath() / ops,
                spec.isWrite() || matched == 0 ? Double.NaN : unmetered * meter.itemsRead() / matched,
                spec.isWrite() ? unmetered * meter.itemsWritten() / (ops * spec.logicalWritesPerOp()) : Double.NaN,
                unmetered * (meter.bytesRead() + meter.bytesWritten()) / ops,
                unmetered * meter.capacityUnits() / ops,
                meter.capacityReported(),
                spec.itemsPerOp(),
                spec.storageBytes());
    }

    /** Runs (writes: runs then reads back) input {@code i} and compares with the oracle. */
    static void check(CellSpec spec, int i) {
        Answer expected = spec.oracle().apply(i);
        Answer actual;
        if (spec.isWrite()) {
            if (i < spec.distinctInputs()) {
                spec.operation().run(i);
            }
            actual = spec.readBack().run(i);
        } else {
            actual = spec.operation().run(i);
        }
        if (actual == null) {
            throw new WrongAnswerException(spec.technique() + " input " + i + ": no answer");
        }
        actual.mustEqual(expected, spec.technique() + " input " + i);
    }

    /** The figures of a measured cell. */
    record Measured(LatencyStats stats, CellResult.Costs costs) {
    }

    /** Latencies in nanoseconds, as many as were taken. */
    private static final class Samples {
        private long[] values;
        private int size;

        Samples(int expected) {
            values = new long[Math.max(16, expected)];
        }

        void add(long nanos) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = nanos;
        }

        int size() {
            return size;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    /** When a read cell's warm-up ends: after its least time and operations, or at its limit. */
    private final class WarmUp {
        private final long start = System.nanoTime();
        private final long least;

        private final int leastOps;

        WarmUp(long stretch, int leastOps) {
            this.least = stretch * readWarmUpNanos;
            this.leastOps = leastOps;
        }

        boolean more(int done) {
            long spent = System.nanoTime() - start;
            return spent < least || done < leastOps && spent < WARM_UP_LIMIT * least;
        }
    }
}
