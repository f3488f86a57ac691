package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.OperationCost;
import java.util.ArrayList;
import java.util.List;

/**
 * One call to the backend: the observers are told when it is made, and its cost is reported to the
 * listeners, the observers and the technique call around it when it closes.
 */
final class StoreCall {
    private static final List<CallObserver.Handle> UNOBSERVED = List.of();

    final dev.nosqlpatterns.store.spi.CostMeter meter;
    private final Store store;
    private final String operation;
    private final String table;
    private final long start = System.nanoTime();
    private final List<CallObserver.Handle> handles;
    private final TechniqueFrame technique;
    /**
     * Whether anyone receives this call's cost: a listener, an observer or a technique call around it,
     * as when the call began. When nobody does, the items it reads and writes are not sized, which
     * would otherwise take a good share of a read's time on a fast store.
     */
    private final boolean reported;
    private long itemsRead;
    private long bytesRead;
    private long itemsWritten;
    private long bytesWritten;
    private boolean ok;
    private Throwable failure;

    StoreCall(Store store, String operation, String table) {
        store.admit();
        this.store = store;
        this.operation = operation;
        this.table = table;
        this.technique = TechniqueFrame.current(store);
        List<CallObserver> observers = store.observersNow();
        if (observers.isEmpty()) {
            this.handles = UNOBSERVED;
        } else {
            ObservedCall call = new ObservedCall(ObservedCall.Kind.STORE, operation, table, store.kind(), store.tenantTag());
            List<CallObserver.Handle> started = new ArrayList<>(observers.size());
            for (CallObserver o : observers) {
                started.add(o.start(call));
            }
            this.handles = started;
        }
        this.reported = !handles.isEmpty() || technique != null;
        this.meter = new dev.nosqlpatterns.store.spi.CostMeter(reported);
    }

    void read(Item item) {
        itemsRead++;
        if (reported) {
            bytesRead += item.sizeInBytes();
        }
    }

    void wrote(Item item) {
        itemsWritten++;
        if (item != null && reported) {
            bytesWritten += item.sizeInBytes();
        }
    }

    /** Items and bytes a call without {@link Item}s (a native geo call) read and wrote. */
    void counted(long readItems, long readBytes, long writtenItems, long writtenBytes) {
        itemsRead += readItems;
        bytesRead += readBytes;
        itemsWritten += writtenItems;
        bytesWritten += writtenBytes;
    }

    void ok() {
        ok = true;
    }

    /** The call ends with {@code e} thrown; it is handed to the observers when the call closes. */
    void failed(Throwable e) {
        ok = false;
        failure = e;
    }

    void close() {
        if (!reported) {
            return;
        }
        OperationCost cost = new OperationCost(operation, table, meter.roundTrips(), meter.criticalPath(),
                itemsRead + meter.extraItemsRead(), ok ? itemsWritten : 0, bytesRead, ok ? bytesWritten : 0,
                meter.readUnits(), meter.writeUnits(), meter.capacityReported(),
                java.time.Duration.ofNanos(System.nanoTime() - start), !ok, meter.throttles(), store.tenantTag());
        if (technique != null) {
            technique.add(cost);
        }
        Throwable thrown = ok ? null
                : failure != null ? failure
                : new IllegalStateException(operation + " on " + table + " did not complete");
        for (int i = handles.size() - 1; i >= 0; i--) {
            handles.get(i).end(cost, thrown);
        }
    }
}
