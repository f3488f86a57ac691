package dev.nosqlpatterns.store.model;

import java.time.Duration;
import java.util.Objects;

/**
 * What one store call cost: requests sent to the server, items and bytes read and written, and the
 * capacity units the store reported (DynamoDB does; for others {@link #capacityReported()} is false).
 *
 * @param operation      the {@code Store} method, e.g. {@code "query"}
 * @param table          the logical table, or {@code "*"} when the call spans tables
 * @param roundTrips     requests that went to the server (a batch of 250 gets to DynamoDB is 3)
 * @param criticalPath   of those, the ones the caller waited for one after another: requests sent
 *                       together count once, so at network distance latency follows this figure
 * @param itemsRead      items the call returned or examined
 * @param itemsWritten   items written or deleted
 * @param bytesRead      bytes of the items read
 * @param bytesWritten   bytes of the items written
 * @param readUnits      read capacity units consumed, when reported
 * @param writeUnits     write capacity units consumed, when reported
 * @param capacityReported whether the store reported the capacity figures
 * @param elapsed        wall-clock time of the call
 * @param failed         whether the call ended with an exception
 * @param throttles      of the round trips, the attempts the store refused for lack of capacity (DynamoDB's
 *                       throttling, or the part of a batch it left unprocessed; a node that reports itself
 *                       overloaded) and that the adapter waited for and sent again; at most
 *                       {@link #roundTrips()}. Retries after a lost connection or a server error are round
 *                       trips but not throttles
 * @param tenant         the tenant whose store handle made the call ({@code dev.nosqlpatterns.tenant.Tenants}),
 *                       empty for a store without tenants
 */
public record OperationCost(String operation, String table, long roundTrips, long criticalPath, long itemsRead,
                            long itemsWritten,
                            long bytesRead, long bytesWritten, double readUnits, double writeUnits,
                            boolean capacityReported, Duration elapsed, boolean failed, long throttles,
                            String tenant) {
    public OperationCost {
        Objects.requireNonNull(tenant, "tenant (empty for none)");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(elapsed, "elapsed");
        if (criticalPath < 0 || criticalPath > roundTrips) {
            throw new IllegalArgumentException("the critical path " + criticalPath + " must lie between 0 and the "
                    + roundTrips + " round trips");
        }
        if (throttles < 0 || throttles > roundTrips) {
            throw new IllegalArgumentException("the throttles " + throttles + " must lie between 0 and the "
                    + roundTrips + " round trips");
        }
    }

    /** A cost of a call made without a tenant. */
    public OperationCost(String operation, String table, long roundTrips, long criticalPath, long itemsRead,
                         long itemsWritten, long bytesRead, long bytesWritten, double readUnits, double writeUnits,
                         boolean capacityReported, Duration elapsed, boolean failed, long throttles) {
        this(operation, table, roundTrips, criticalPath, itemsRead, itemsWritten, bytesRead, bytesWritten, readUnits,
                writeUnits, capacityReported, elapsed, failed, throttles, "");
    }

    /** A cost without throttles: every attempt the call made was served. */
    public OperationCost(String operation, String table, long roundTrips, long criticalPath, long itemsRead,
                         long itemsWritten, long bytesRead, long bytesWritten, double readUnits, double writeUnits,
                         boolean capacityReported, Duration elapsed, boolean failed) {
        this(operation, table, roundTrips, criticalPath, itemsRead, itemsWritten, bytesRead, bytesWritten, readUnits,
                writeUnits, capacityReported, elapsed, failed, 0, "");
    }

    @Override
    public String toString() {
        return (tenant.isEmpty() ? "" : "[" + tenant + "] ") + operation + "(" + table + "): " + roundTrips + " round trips (" + criticalPath + " in sequence), "
                + itemsRead + " read, " + itemsWritten + " written" + (capacityReported ? ", " + readUnits + " RCU, " + writeUnits + " WCU" : "")
                + (throttles > 0 ? ", " + throttles + " throttled" : "") + (failed ? ", failed" : "");
    }
}
