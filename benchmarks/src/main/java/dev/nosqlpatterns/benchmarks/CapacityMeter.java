package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.CostListener;
import dev.nosqlpatterns.store.OperationCost;
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

    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong roundTrips = new AtomicLong();
    private final AtomicLong itemsRead = new AtomicLong();
    private final AtomicLong itemsWritten = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong bytesWritten = new AtomicLong();
    private final DoubleAdder reportedUnits = new DoubleAdder();
    private final DoubleAdder estimatedUnits = new DoubleAdder();
    private final AtomicLong reportingCalls = new AtomicLong();

    @Override
    public void onCost(OperationCost cost) {
        calls.incrementAndGet();
        roundTrips.addAndGet(cost.roundTrips());
        itemsRead.addAndGet(cost.itemsRead());
        itemsWritten.addAndGet(cost.itemsWritten());
        bytesRead.addAndGet(cost.bytesRead());
        bytesWritten.addAndGet(cost.bytesWritten());
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
        return calls.get();
    }

    public long roundTrips() {
        return roundTrips.get();
    }

    public long itemsRead() {
        return itemsRead.get();
    }

    public long itemsWritten() {
        return itemsWritten.get();
    }

    public long bytesRead() {
        return bytesRead.get();
    }

    public long bytesWritten() {
        return bytesWritten.get();
    }

    /** True when every call of the cell came with store-reported capacity. */
    public boolean capacityReported() {
        return calls.get() > 0 && reportingCalls.get() == calls.get();
    }

    /** Store-reported units when {@link #capacityReported()}, else the estimate. */
    public double capacityUnits() {
        return capacityReported() ? reportedUnits.sum() : estimatedUnits.sum();
    }

    public void reset() {
        calls.set(0);
        roundTrips.set(0);
        itemsRead.set(0);
        itemsWritten.set(0);
        bytesRead.set(0);
        bytesWritten.set(0);
        reportedUnits.reset();
        estimatedUnits.reset();
        reportingCalls.set(0);
    }
}
