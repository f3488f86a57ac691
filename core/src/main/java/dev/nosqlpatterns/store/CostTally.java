package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.OperationCost;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * A thread-safe running sum of costs, for measuring what an access pattern costs:
 * {@code store.measure(tally, () -> ...); tally.roundTrips()}, or {@code store.measure(() -> ...)}. The critical path adds up the
 * calls' own, which is the pattern's when its calls run one after another, as they do on one thread.
 */
public final class CostTally implements CostListener {
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong roundTrips = new AtomicLong();
    private final AtomicLong criticalPath = new AtomicLong();
    private final AtomicLong itemsRead = new AtomicLong();
    private final AtomicLong itemsWritten = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong bytesWritten = new AtomicLong();
    private final DoubleAdder readUnits = new DoubleAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final AtomicLong throttles = new AtomicLong();

    @Override
    public void onCost(OperationCost cost) {
        calls.incrementAndGet();
        roundTrips.addAndGet(cost.roundTrips());
        criticalPath.addAndGet(cost.criticalPath());
        itemsRead.addAndGet(cost.itemsRead());
        itemsWritten.addAndGet(cost.itemsWritten());
        bytesRead.addAndGet(cost.bytesRead());
        bytesWritten.addAndGet(cost.bytesWritten());
        readUnits.add(cost.readUnits());
        writeUnits.add(cost.writeUnits());
        throttles.addAndGet(cost.throttles());
    }

    public long calls() {
        return calls.get();
    }

    public long roundTrips() {
        return roundTrips.get();
    }

    /** The round trips waited for one after another; see {@link OperationCost#criticalPath()}. */
    public long criticalPath() {
        return criticalPath.get();
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

    public double readUnits() {
        return readUnits.sum();
    }

    public double writeUnits() {
        return writeUnits.sum();
    }

    /** Attempts the store refused for lack of capacity and that were retried; see {@link OperationCost#throttles()}. */
    public long throttles() {
        return throttles.get();
    }

    /** Sets every figure back to zero. */
    public void reset() {
        calls.set(0);
        roundTrips.set(0);
        criticalPath.set(0);
        itemsRead.set(0);
        itemsWritten.set(0);
        bytesRead.set(0);
        bytesWritten.set(0);
        readUnits.reset();
        writeUnits.reset();
        throttles.set(0);
    }

    @Override
    public String toString() {
        return calls + " calls, " + roundTrips + " round trips (" + criticalPath + " in sequence), " + itemsRead + " items read, " + itemsWritten
                + " items written, " + readUnits.sum() + " RCU, " + writeUnits.sum() + " WCU"
                + (throttles.get() > 0 ? ", " + throttles + " throttled" : "");
    }
}
