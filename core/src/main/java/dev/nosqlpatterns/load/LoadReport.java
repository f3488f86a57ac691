package dev.nosqlpatterns.load;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link BulkLoad} has written so far and what it cost: the figures to watch an import of millions by, and
 * to compare with what the store's own bulk tools would take. The costs are those the store reported for every
 * call made while the load ran, other threads' calls on the same store included.
 *
 * @param loaded       items of the source written, all windows before the current one
 * @param windows      windows written
 * @param elapsed      time since the load started
 * @param roundTrips   requests sent to the store
 * @param itemsWritten items the store wrote (the loaded items and what each technique derives from them: index
 *                     entries, cells, postings, fences)
 * @param readUnits    read capacity units consumed, where the store reports them (DynamoDB); zero elsewhere
 * @param writeUnits   write capacity units consumed, where the store reports them; zero elsewhere
 * @param throttles    requests the store throttled and the adapter sent again
 */
public record LoadReport(long loaded, long windows, Duration elapsed, long roundTrips, long itemsWritten,
                         double readUnits, double writeUnits, long throttles) {
    public LoadReport {
        Objects.requireNonNull(elapsed, "elapsed must not be null");
        if (loaded < 0 || windows < 0 || roundTrips < 0 || itemsWritten < 0 || throttles < 0) {
            throw new IllegalArgumentException("counts must not be negative: " + loaded + " loaded, " + windows
                    + " windows, " + roundTrips + " round trips, " + itemsWritten + " items, " + throttles + " throttles");
        }
    }

    /** Items of the source written per second of the load so far; zero before any time has passed. */
    public double loadedPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds > 0 ? loaded / seconds : 0;
    }

    /** Requests per item of the source written; zero before any is. */
    public double roundTripsPerLoaded() {
        return loaded > 0 ? (double) roundTrips / loaded : 0;
    }
}
