package dev.nosqlpatterns.internal;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Runs the entry points of the techniques as technique calls: the store's call observers see each start
 * and end, with the store calls it makes on the calling thread nested inside it. The one wrapper every technique uses, so that names and nesting work the
 * same everywhere; when the store has no observer it only runs the work.
 *
 * <p>Not part of the API.
 */
public final class TechniqueCalls {
    private static volatile Opener opener;

    private TechniqueCalls() {
    }

    /** How a store opens a technique call; the store installs it, once. */
    public interface Opener {
        /**
         * Opens a technique call on this thread, or returns null when no one observes {@code store}, a
         * {@code dev.nosqlpatterns.store.Store} (typed loosely, as this package sits below the store's).
         */
        Scope open(Object store, String technique, String table);

        /** The technique call open on this thread, or null. */
        Scope current();
    }

    /** One open technique call. */
    public interface Scope {
        /** The technique lost a race for an optimistic write and tries again. */
        void retried();

        /** Ends the call, with what it threw or null. */
        void end(Throwable failure);
    }

    /** Called by the store when its class initializes. */
    public static void install(Opener storeOpener) {
        Objects.requireNonNull(storeOpener, "opener must not be null");
        if (opener != null && opener != storeOpener) {
            throw new IllegalStateException("technique calls are opened by the store alone");
        }
        opener = storeOpener;
    }

    /**
     * Computes {@code work} as the technique call {@code technique} on {@code table} of {@code store}, a
     * {@code dev.nosqlpatterns.store.Store}.
     */
    public static <T> T call(Object store, String technique, String table, Supplier<T> work) {
        Scope scope = opener.open(store, technique, table);
        if (scope == null) {
            return work.get();
        }
        try {
            T result = work.get();
            scope.end(null);
            return result;
        } catch (RuntimeException | Error e) {
            scope.end(e);
            throw e;
        }
    }

    /** Runs {@code work} as the technique call {@code technique} on {@code table} of {@code store}. */
    public static void run(Object store, String technique, String table, Runnable work) {
        call(store, technique, table, () -> {
            work.run();
            return null;
        });
    }

    /** Tells the technique call open on this thread, if any, that it lost a race and tries again. */
    static void retried() {
        Opener o = opener;
        Scope scope = o == null ? null : o.current();
        if (scope != null) {
            scope.retried();
        }
    }
}
