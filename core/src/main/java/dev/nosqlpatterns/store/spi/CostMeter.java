package dev.nosqlpatterns.store.spi;

/**
 * Collects what one store call cost while a backend serves it: the requests it sent, items it examined
 * beyond those it returned, and the capacity the store reported. Not thread-safe: one per call.
 */
public final class CostMeter {
    private long roundTrips;
    private long extraItemsRead;
    private double readUnits;
    private double writeUnits;
    private boolean capacityReported;

    /** One more request to the server. */
    public void roundTrip() {
        roundTrips++;
    }

    public void roundTrips(long count) {
        roundTrips += count;
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

    public long roundTrips() {
        return roundTrips;
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
