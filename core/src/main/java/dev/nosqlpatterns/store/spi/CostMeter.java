package dev.nosqlpatterns.store.spi;

/**
 * Collects what one store call cost while a backend serves it: the requests it sent, how many of them the
 * caller waited for one after another (the critical path), items it examined beyond those it returned, and
 * the capacity the store reported. Not thread-safe: one per call; a backend that serves parts of a call
 * concurrently gives each part its own meter and {@link #joinConcurrent joins} them.
 */
public final class CostMeter {
    private final boolean measured;
    private long roundTrips;
    private long criticalPath;
    private long extraItemsRead;
    private double readUnits;
    private double writeUnits;
    private boolean capacityReported;
    private long throttles;

    /** A meter whose figures someone receives. */
    public CostMeter() {
        this(true);
    }

    /**
     * A meter whose figures someone receives ({@code measured}) or no one does: the store makes its calls' meters
     * with {@code false} while no listener, observer or technique call watches it.
     */
    public CostMeter(boolean measured) {
        this.measured = measured;
    }

    /**
     * True when someone receives this call's cost. A backend may leave out of its requests what it asks the
     * store only for the report, such as DynamoDB's consumed capacity, when false; round trips are counted either way.
     */
    public boolean measured() {
        return measured;
    }

    /** A meter for a part of this call served concurrently (see {@link #joinConcurrent}), measured as this one is. */
    public CostMeter part() {
        return new CostMeter(measured);
    }

    /** One more request to the server, sent after the previous one answered. */
    public void roundTrip() {
        roundTrips++;
        criticalPath++;
    }

    /** {@code count} more requests, each sent after the previous one answered. */
    public void roundTrips(long count) {
        roundTrips += count;
        criticalPath += count;
    }

    /**
     * {@code count} requests sent together (a pipeline, concurrent calls) and awaited together: all of them
     * count as round trips, but the caller waited for one.
     */
    public void concurrentRoundTrips(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, got " + count);
        }
        roundTrips += count;
        criticalPath += count > 0 ? 1 : 0;
    }

    /**
     * Adds the costs of parts served concurrently, each measured on its own meter: their round trips,
     * items and capacity add up, while the wait is that of the longest part.
     */
    public void joinConcurrent(java.util.Collection<CostMeter> parts) {
        long longest = 0;
        for (CostMeter part : parts) {
            longest = Math.max(longest, part.criticalPath);
        }
        joinConcurrent(parts, longest);
    }

    /**
     * Adds the costs of parts served concurrently but not all at once (a bounded number in flight, each
     * sent once an earlier one answered): their round trips, items and capacity add up, while the wait is
     * {@code waited}, the round trips of the longest chain of parts each sent after another answered, which
     * the caller works out from the order it sent them in.
     */
    public void joinConcurrent(java.util.Collection<CostMeter> parts, long waited) {
        if (waited < 0) {
            throw new IllegalArgumentException("waited must not be negative, got " + waited);
        }
        for (CostMeter part : parts) {
            roundTrips += part.roundTrips;
            extraItemsRead += part.extraItemsRead;
            readUnits += part.readUnits;
            writeUnits += part.writeUnits;
            capacityReported |= part.capacityReported;
            throttles += part.throttles;
        }
        criticalPath += waited;
    }

    /** Items the store read but did not return (filtered, or read to check a condition). */
    public void extraItemsRead(long count) {
        extraItemsRead += count;
    }

    /** Capacity units the store reported for one request. */
    public void capacity(double read, double write) {
        readUnits += read;
        writeUnits += write;
        capacityReported = true;
    }

    /**
     * The last attempt counted as a round trip was refused for lack of capacity (throttled, or part of a batch
     * left unprocessed; a node that said it is overloaded) and will be sent again after a pause. Counts
     * toward {@link dev.nosqlpatterns.store.model.OperationCost#throttles()}; never more than the round trips.
     */
    public void throttled() {
        throttles++;
    }

    /** Attempts refused for lack of capacity and retried; see {@link #throttled()}. */
    public long throttles() {
        return throttles;
    }

    public long roundTrips() {
        return roundTrips;
    }

    /** The round trips the caller waited for one after another. */
    public long criticalPath() {
        return criticalPath;
    }

    public long extraItemsRead() {
        return extraItemsRead;
    }

    public double readUnits() {
        return readUnits;
    }

    public double writeUnits() {
        return writeUnits;
    }

    public boolean capacityReported() {
        return capacityReported;
    }
}
