package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.OperationCost;
import java.time.Duration;
import java.util.List;

/**
 * One technique call open on a thread: the observers' handles and the summed cost of the store calls made
 * inside it. Frames nest (a composite technique calls another); a store call adds to the innermost one, and
 * an inner frame adds its sum to the outer one when it ends.
 */
final class TechniqueFrame {
    private static final ThreadLocal<TechniqueFrame> CURRENT = new ThreadLocal<>();

    private final Store store;
    private final String name;
    private final String table;
    private final List<CallObserver.Handle> handles;
    private final TechniqueFrame parent;
    private final long start = System.nanoTime();
    private long roundTrips;
    private long criticalPath;
    private long itemsRead;
    private long itemsWritten;
    private long bytesRead;
    private long bytesWritten;
    private double readUnits;
    private double writeUnits;
    private boolean capacityReported;
    private long throttles;
    private boolean ended;

    private TechniqueFrame(Store store, String name, String table, List<CallObserver.Handle> handles) {
        this.store = store;
        this.name = name;
        this.table = table;
        this.handles = handles;
        this.parent = CURRENT.get();
    }

    /** Opens a frame on this thread and tells the observers; they are a snapshot taken by the store. */
    static TechniqueFrame open(Store store, String name, String table, List<CallObserver> observers) {
        ObservedCall call = new ObservedCall(ObservedCall.Kind.TECHNIQUE, name, table, store.kind(), store.tenantTag());
        List<CallObserver.Handle> handles = observers.stream().map(o -> o.start(call)).toList();
        TechniqueFrame frame = new TechniqueFrame(store, name, table, handles);
        CURRENT.set(frame);
        return frame;
    }

    /** The innermost frame open on this thread for {@code store}, or null. */
    static TechniqueFrame current(Store store) {
        TechniqueFrame frame = CURRENT.get();
        return frame != null && frame.store == store ? frame : null;
    }

    /** The innermost frame open on this thread, whatever its store, or null. */
    static TechniqueFrame current() {
        return CURRENT.get();
    }

    /**
     * Runs {@code work} on this thread inside {@code frame}, a frame opened on another thread (or null for none):
     * the store calls it makes count toward that frame. The frame stays open on its own thread.
     */
    static <T> T within(TechniqueFrame frame, java.util.function.Supplier<T> work) {
        TechniqueFrame before = CURRENT.get();
        CURRENT.set(frame);
        try {
            return work.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    synchronized void add(OperationCost cost) {
        roundTrips += cost.roundTrips();
        criticalPath += cost.criticalPath();
        itemsRead += cost.itemsRead();
        itemsWritten += cost.itemsWritten();
        bytesRead += cost.bytesRead();
        bytesWritten += cost.bytesWritten();
        readUnits += cost.readUnits();
        writeUnits += cost.writeUnits();
        capacityReported |= cost.capacityReported();
        throttles += cost.throttles();
    }

    void retried() {
        handles.forEach(CallObserver.Handle::retried);
    }

    void end(Throwable failure) {
        if (ended) {
            return;
        }
        ended = true;
        if (CURRENT.get() == this) {
            if (parent == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(parent);
            }
        }
        OperationCost cost;
        synchronized (this) {
            cost = new OperationCost(name, table, roundTrips, criticalPath, itemsRead, itemsWritten, bytesRead,
                    bytesWritten, readUnits, writeUnits, capacityReported, Duration.ofNanos(System.nanoTime() - start),
                    failure != null, throttles, store.tenantTag());
        }
        if (parent != null && parent.store == store) {
            parent.add(cost);
        }
        for (int i = handles.size() - 1; i >= 0; i--) {
            handles.get(i).end(cost, failure);
        }
    }
}
