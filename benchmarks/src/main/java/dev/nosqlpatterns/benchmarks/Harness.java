package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Measures one {@link CellSpec} on one store: checks every input's answer against the oracle (a wrong
 * answer ends the cell as failed before anything is timed), warms up, then times the repetitions while
 * a {@link CapacityMeter} records what the store calls cost; write cells read back and check their last
 * timed write after timing (earlier ones may since have been overwritten, e.g. by a later move).
 */
final class Harness {
    private final int repetitions;

    Harness(int repetitions) {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
        this.repetitions = repetitions;
    }

    /** The measured statistics and costs of {@code spec}; throws {@link WrongAnswerException} on a wrong answer. */
    Measured measure(Store store, CellSpec spec) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(spec, "spec");
        int counter = 0;
        for (; counter < spec.distinctInputs(); counter++) {
            check(spec, counter);
        }
        int warmUp = Math.max(1, spec.opsPerRepetition() / 2);
        for (int w = 0; w < warmUp; w++, counter++) {
            spec.operation().run(counter);
        }
        CapacityMeter meter = new CapacityMeter();
        long[] latencies = new long[repetitions * spec.opsPerRepetition()];
        List<LatencyStats.Repetition> reps = new ArrayList<>();
        long matched = 0;
        int sample = 0;
        try (Store.Registration ignored = store.onCost(meter)) {
            for (int r = 0; r < repetitions; r++) {
                long repStart = System.nanoTime();
                for (int k = 0; k < spec.opsPerRepetition(); k++, counter++) {
                    long start = System.nanoTime();
                    Answer answer = spec.operation().run(counter);
                    latencies[sample++] = System.nanoTime() - start;
                    matched += spec.matched() != null ? spec.matched().applyAsLong(counter)
                            : answer == null ? 0 : answer.size();
                }
                reps.add(new LatencyStats.Repetition(spec.opsPerRepetition(), System.nanoTime() - repStart));
            }
        }
        if (spec.isWrite()) {
            check(spec, counter - 1);
        }
        double ops = latencies.length;
        // a native capability that bypasses the store's metering reports no calls: show no figure, not zero
        double unmetered = meter.calls() == 0 ? Double.NaN : 1;
        CellResult.Costs costs = new CellResult.Costs(
                unmetered * meter.roundTrips() / ops,
                unmetered * meter.criticalPath() / ops,
                spec.isWrite() || matched == 0 ? Double.NaN : unmetered * meter.itemsRead() / matched,
                spec.isWrite() ? unmetered * meter.itemsWritten() / (ops * spec.logicalWritesPerOp()) : Double.NaN,
                unmetered * (meter.bytesRead() + meter.bytesWritten()) / ops,
                unmetered * meter.capacityUnits() / ops,
                meter.capacityReported(),
                spec.itemsPerOp(),
                spec.storageBytes());
        return new Measured(LatencyStats.of(latencies, reps), costs);
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
}
