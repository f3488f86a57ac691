package dev.nosqlpatterns.store;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Runs the entry points of techniques built on a {@link Store} as technique calls: the store's
 * {@link CallObserver}s see each start and end, with the store calls made on the calling thread nested inside
 * it. Every technique of the library uses it, so that names and nesting work the same everywhere; an
 * application's own technique (several store calls that make one access pattern) can use it too, to be timed
 * and traced as one. When no one observes the store it only runs the work.
 */
public final class TechniqueCalls {

    private TechniqueCalls() {
    }

    /** Computes {@code work} as the technique call {@code technique} (e.g. {@code indexTable.find}) on {@code table}. */
    public static <T> T call(Store store, String technique, String table, Supplier<T> work) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(work, "work must not be null");
        List<CallObserver> watching = store.observersNow();
        if (watching.isEmpty()) {
            return work.get();
        }
        TechniqueFrame frame = TechniqueFrame.open(store, technique, table, watching);
        try {
            T result = work.get();
            frame.end(null);
            return result;
        } catch (RuntimeException | Error e) {
            frame.end(e);
            throw e;
        }
    }

    /** Runs {@code work} as the technique call {@code technique} on {@code table}. */
    public static void run(Store store, String technique, String table, Runnable work) {
        Objects.requireNonNull(work, "work must not be null");
        call(store, technique, table, () -> {
            work.run();
            return null;
        });
    }

    /**
     * {@code work}, to run on another thread as part of the technique call open on this thread (if any): the store
     * calls it makes there count toward that call, as if made here. A technique that reads ahead or writes in
     * parallel uses it so that its observers see the whole cost; the work must end before the call does.
     */
    public static <T> Supplier<T> carried(Supplier<T> work) {
        Objects.requireNonNull(work, "work must not be null");
        TechniqueFrame frame = TechniqueFrame.current();
        return frame == null ? work : () -> TechniqueFrame.within(frame, work);
    }

    /** Tells the technique call open on this thread, if any, that it lost a race for a write and tries again. */
    public static void retried() {
        TechniqueFrame frame = TechniqueFrame.current();
        if (frame != null) {
            frame.retried();
        }
    }
}
