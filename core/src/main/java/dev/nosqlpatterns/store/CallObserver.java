package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.OperationCost;

/**
 * Watches the calls made on a {@link Store}, from their start to their end, so that a metrics or tracing
 * binding can time them and nest them: a {@link CostListener} only hears of a call once it is over.
 *
 * <p>Two kinds of call are observed (see {@link ObservedCall.Kind}): <em>store calls</em>, one per
 * {@code Store} method call that reaches the backend (such as {@code query} or {@code get}; a
 * {@link Store#queryEach} of many queries read in parallel is one), and <em>technique calls</em>, one per
 * entry point of a technique (such as {@code indexTable.find}). Store calls made on the calling thread while
 * a technique call is open start and end inside it, so a tracer that keeps the current span per thread makes
 * them its children. Further pages of a lazy stream that a technique returns are read after it has ended, as
 * store calls of their own.
 *
 * <p>{@link #start} and the returned {@link Handle} are called on the calling thread, start and end on the
 * same one; keep them fast and thread-safe. Register with {@link Store#observe}. The library has no
 * dependency on any metrics or tracing library: its Micrometer binding implements this interface.
 */
@FunctionalInterface
public interface CallObserver {
    /** A call starts on the calling thread; returns the handle its end is reported to, never null. */
    Handle start(ObservedCall call);

    /** One call in progress, ended exactly once, on the thread it started on. */
    interface Handle {
        /**
         * The technique call lost a race for an optimistic write and tries again (after a pause); store
         * calls never report it.
         */
        default void retried() {
        }

        /**
         * The call is over. For a store call {@code cost} is what that call cost; for a technique call it is
         * the sum of the store calls it made on its thread on the same store (its {@code operation} is the
         * technique's name, its {@code elapsed} the technique call's own wall-clock time).
         *
         * @param cost    what the call cost, never null
         * @param failure what the call threw, or null when it returned normally
         */
        void end(OperationCost cost, Throwable failure);
    }
}
