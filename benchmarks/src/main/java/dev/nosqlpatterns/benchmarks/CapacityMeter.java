package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.CostListener;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.OperationCost;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * Sums what the store calls of a measured cell cost, and prices them in DynamoDB capacity units: the
 * units the store reported where it reports them, and otherwise an estimate by DynamoDB's formula so
 * stores can be compared on one scale. The estimate charges a read call one unit per started 4 KB of the
 * bytes it read (at least one unit per read call that reached the server, as a strongly consistent query
 * does) and a write call one unit per started 1 KB, at least one per item written.
 */
public final class CapacityMeter implements CostListener {
    private static final Set<String> READS = Set.of("get", "getAll", "query", "queryIndex", "scan");
    static final double READ_UNIT_BYTES = 4096;
    static final double WRITE_UNIT_BYTES = 1024;

    private final CostTally tally = new CostTally();
    private final DoubleAdder reportedUnits = new DoubleAdder();
    private final DoubleAdder estimatedUnits = new DoubleAdder();
    private final AtomicLong reportingCalls = new AtomicLong();

    @Override
    public void onCost(OperationCost cost) {
        tally.onCost(cost);
        if (cost.capacityReported()) {
            reportingCalls.incrementAndGet();
            reportedUnits.add(cost.readUnits() + cost.writeUnits());
        }
        estimatedUnits.add(estimate(cost));
    }

    /** DynamoDB's price of one call, from its bytes and items (see the class documentation). */
    static double estimate(OperationCost cost) {
        if (cost.roundTrips() == 0) {
            return 0;
        }
        double units = 0;
        if (READS.contains(cost.operation()) || cost.itemsRead() > 0 && cost.itemsWritten() == 0) {
            units += Math.max(1, Math.ceil(cost.bytesRead() / READ_UNIT_BYTES));
        }
        if (cost.itemsWritten() > 0) {
            units += Math.max(cost.itemsWritten(), Math.ceil(cost.bytesWritten() / WRITE_UNIT_BYTES));
        }
        return units;
    }

    public long calls() {
        return tally.calls();
    }

    public long roundTrips() {
        return tally.roundTrips();
    }

    public long criticalPath() {
        return tally.criticalPath();
    }

    public long itemsRead() {
        return tally.itemsRead();
    }

    public long itemsWritten() {
        return tally.itemsWritten();
    }

    public long bytesRead() {
        return tally.bytesRead();
    }

    public long bytesWritten() {
        return tally.bytesWritten();
    }

    /** True when every call of the cell came with store-reported capacity. */
    public boolean capacityReported() {
        return tally.calls() > 0 && reportingCalls.get() == tally.calls();
    }

    /** Store-reported units when {@link #capacityReported()}, else the estimate. */
    public double capacityUnits() {
        return capacityReported() ? reportedUnits.sum() : estimatedUnits.sum();
    }

    public void reset() {
        tally.reset();
        reportedUnits.reset();
        estimatedUnits.reset();
        reportingCalls.set(0);
    }
}
