package dev.nosqlpatterns.benchmarks;

import java.util.Objects;
import java.util.Optional;

/**
 * One cell of the report: one technique of one workload on one store, measured, skipped with a stated
 * reason, or failed (a wrong answer or an error) with its message.
 *
 * @param family             the access-pattern family, e.g. {@code secondary lookup}
 * @param workload           the access pattern inside the family, e.g. {@code find by city}
 * @param store              the store's name in the report
 * @param technique          the competing technique
 * @param status             measured, skipped or failed
 * @param reason             why a cell is skipped or failed; empty when measured
 * @param stats              the latencies; present when measured
 * @param costs              costs per operation; present when measured
 */
public record CellResult(String family, String workload, String store, String technique, Status status,
                         String reason, Optional<LatencyStats> stats, Optional<Costs> costs) {
    public CellResult {
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(technique, "technique");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(stats, "stats");
        Objects.requireNonNull(costs, "costs");
        if (status == Status.MEASURED && (stats.isEmpty() || costs.isEmpty())) {
            throw new IllegalArgumentException("a measured cell needs its statistics and costs");
        }
        if (status != Status.MEASURED && reason.isBlank()) {
            throw new IllegalArgumentException("a " + status + " cell needs a reason");
        }
    }

    static CellResult measured(String family, String workload, String store, String technique, LatencyStats stats,
                               Costs costs) {
        return new CellResult(family, workload, store, technique, Status.MEASURED, "", Optional.of(stats),
                Optional.of(costs));
    }

    static CellResult skipped(String family, String workload, String store, String technique, String reason) {
        return new CellResult(family, workload, store, technique, Status.SKIPPED, reason, Optional.empty(),
                Optional.empty());
    }

    static CellResult failed(String family, String workload, String store, String technique, String reason) {
        return new CellResult(family, workload, store, technique, Status.FAILED, reason, Optional.empty(),
                Optional.empty());
    }

    /** Whether a cell was measured, deliberately not run, or went wrong. */
    public enum Status { MEASURED, SKIPPED, FAILED }

    /**
     * What one operation cost on average, from the store's cost reports during the timed repetitions.
     *
     * @param roundTripsPerOp       requests to the server per operation
     * @param criticalPathPerOp     of those, the ones waited for one after another: at network distance
     *                              an operation's latency follows this figure
     * @param readAmplification     items read per item matched: returned, or for geo searches inside the
     *                              shape (NaN when nothing matched)
     * @param writesPerLogicalWrite items written per logical write (NaN for reads)
     * @param bytesPerOp            bytes read plus written per operation
     * @param capacityPerOp         DynamoDB capacity units per operation
     * @param capacityReported      true when the store reported the units, false when they are estimates
     * @param itemsPerOp            logical items one operation handles (a batch of 100 counts 100)
     * @param storageBytes          logical bytes the technique wrote to set up its data, or -1
     * @param stored                what the set-up occupies by the store's own figure, or why there is none
     */
    public record Costs(double roundTripsPerOp, double criticalPathPerOp, double readAmplification, double writesPerLogicalWrite,
                        double bytesPerOp, double capacityPerOp, boolean capacityReported, double itemsPerOp,
                        long storageBytes, StoredBytes stored) {
        public Costs {
            java.util.Objects.requireNonNull(stored, "stored");
        }

        /** Costs whose stored bytes are not (yet) measured. */
        public Costs(double roundTripsPerOp, double criticalPathPerOp, double readAmplification,
                     double writesPerLogicalWrite, double bytesPerOp, double capacityPerOp, boolean capacityReported,
                     double itemsPerOp, long storageBytes) {
            this(roundTripsPerOp, criticalPathPerOp, readAmplification, writesPerLogicalWrite, bytesPerOp, capacityPerOp,
                    capacityReported, itemsPerOp, storageBytes, StoredBytes.none(StoredBytes.NOT_APPLICABLE));
        }

        /** These costs with the stored bytes of the cell's set-up. */
        Costs withStored(StoredBytes figure) {
            return new Costs(roundTripsPerOp, criticalPathPerOp, readAmplification, writesPerLogicalWrite, bytesPerOp, capacityPerOp,
                    capacityReported, itemsPerOp, storageBytes, figure);
        }
    }
}
