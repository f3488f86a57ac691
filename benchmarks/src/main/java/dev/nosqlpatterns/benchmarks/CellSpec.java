package dev.nosqlpatterns.benchmarks;

import java.util.Objects;
import java.util.function.IntFunction;

/**
 * How to measure one technique: the operation, the oracle that knows its answer, and for writes how to
 * read back what an operation wrote. The harness calls operations with a counter starting at 0 (check
 * phase), continuing through warm-up and every repetition; read operations map it onto their
 * {@code distinctInputs} parameters (e.g. {@code i % cities}), write operations write new keys for each.
 *
 * @param technique        the technique's name in the report
 * @param distinctInputs   for reads: how many different inputs the operation cycles through (all are checked);
 *                         for writes: how many operations the check phase runs
 * @param opsPerRepetition operations in each timed repetition
 * @param operation        the timed operation
 * @param oracle           the expected answer of operation {@code i}
 * @param readBack         for writes, reads what operation {@code i} wrote (untimed); null for reads
 * @param logicalWritesPerOp logical writes one operation performs (0 for reads)
 * @param itemsPerOp       logical items one operation handles, for throughput in items per second
 * @param storageBytes     bytes the technique's setup wrote, or -1 when unknown
 * @param matched          for reads, how many items operation {@code i} matches, the denominator of read
 *                         amplification (a geo search: every point inside the shape, though a limit caps
 *                         what is returned); null: the items it returned
 * @param stored           for reads, what the set-up occupies when the technique measured it itself (its data
 *                         lives beyond the tables the runner can see, e.g. in a store per tenant); null: the
 *                         runner measures the growth of the tables the set-up owned
 */
public record CellSpec(String technique, int distinctInputs, int opsPerRepetition, Operation operation,
                       IntFunction<Answer> oracle, Operation readBack, double logicalWritesPerOp,
                       double itemsPerOp, long storageBytes, java.util.function.IntToLongFunction matched,
                       StoredBytes stored) {

    /** A cell whose stored bytes the runner measures. */
    public CellSpec(String technique, int distinctInputs, int opsPerRepetition, Operation operation,
                    IntFunction<Answer> oracle, Operation readBack, double logicalWritesPerOp,
                    double itemsPerOp, long storageBytes, java.util.function.IntToLongFunction matched) {
        this(technique, distinctInputs, opsPerRepetition, operation, oracle, readBack, logicalWritesPerOp, itemsPerOp,
                storageBytes, matched, null);
    }

    /** A cell whose read amplification is per item returned. */
    public CellSpec(String technique, int distinctInputs, int opsPerRepetition, Operation operation,
                    IntFunction<Answer> oracle, Operation readBack, double logicalWritesPerOp,
                    double itemsPerOp, long storageBytes) {
        this(technique, distinctInputs, opsPerRepetition, operation, oracle, readBack, logicalWritesPerOp, itemsPerOp,
                storageBytes, null);
    }

    public CellSpec {
        Objects.requireNonNull(technique, "technique");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(oracle, "oracle");
        if (distinctInputs < 1) {
            throw new IllegalArgumentException("distinct inputs must be at least 1, got " + distinctInputs);
        }
        if (opsPerRepetition < 1) {
            throw new IllegalArgumentException("operations per repetition must be at least 1, got " + opsPerRepetition);
        }
        if (readBack != null && logicalWritesPerOp <= 0) {
            throw new IllegalArgumentException("a write cell needs logical writes per operation > 0, got "
                    + logicalWritesPerOp);
        }
        if (itemsPerOp <= 0) {
            throw new IllegalArgumentException("items per operation must be positive, got " + itemsPerOp);
        }
    }

    /** A read: every one of {@code distinctInputs} answers is checked against the oracle before timing. */
    public static CellSpec read(String technique, int distinctInputs, int opsPerRepetition, Operation operation,
                                IntFunction<Answer> oracle, long storageBytes) {
        return new CellSpec(technique, distinctInputs, opsPerRepetition, operation, oracle, null, 0, 1, storageBytes);
    }

    /** A write: {@code checks} operations are run and read back against the oracle before timing. */
    public static CellSpec write(String technique, int checks, int opsPerRepetition, Operation operation,
                                 Operation readBack, IntFunction<Answer> oracle, double logicalWritesPerOp) {
        return new CellSpec(technique, checks, opsPerRepetition, operation, oracle,
                Objects.requireNonNull(readBack, "readBack"), logicalWritesPerOp, logicalWritesPerOp, -1);
    }

    /** This read cell with read amplification per item matched rather than per item returned. */
    public CellSpec withMatched(java.util.function.IntToLongFunction count) {
        Objects.requireNonNull(count, "count");
        if (isWrite()) {
            throw new IllegalArgumentException("matched items are for read cells; " + technique + " is a write");
        }
        return new CellSpec(technique, distinctInputs, opsPerRepetition, operation, oracle, readBack, logicalWritesPerOp,
                itemsPerOp, storageBytes, count, stored);
    }

    /** This read cell with the stored bytes its set-up measured itself (see {@link #stored()}). */
    public CellSpec withStored(StoredBytes figure) {
        Objects.requireNonNull(figure, "figure");
        if (isWrite()) {
            throw new IllegalArgumentException("stored bytes are for read cells; " + technique + " is a write");
        }
        return new CellSpec(technique, distinctInputs, opsPerRepetition, operation, oracle, readBack, logicalWritesPerOp,
                itemsPerOp, storageBytes, matched, figure);
    }

    boolean isWrite() {
        return readBack != null;
    }

    /** One access: returns what it read (reads) or anything (writes). */
    @FunctionalInterface
    public interface Operation {
        Answer run(int i);
    }
}
