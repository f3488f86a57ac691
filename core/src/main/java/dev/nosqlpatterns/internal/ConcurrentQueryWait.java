package dev.nosqlpatterns.internal;

import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * How a backend that sent the queries of one {@code queryEach} call at once waits for them, so that every
 * adapter fails, reports costs and answers interrupts alike. Each query is read on a meter of its own and its
 * future completes only once that meter is final; the meters are then
 * {@link CostMeter#joinConcurrent joined}, so that round trips add up while the wait is the slowest query's.
 */
public final class ConcurrentQueryWait {
    private ConcurrentQueryWait() {
    }

    /** What a query's failure becomes: the exception reading that query alone throws. */
    @FunctionalInterface
    public interface Failure {
        RuntimeException of(int query, Throwable cause);
    }

    /**
     * The answers of the queries, in their order. When a query fails, this waits for the others, so that
     * nothing keeps running on behalf of the call and its cost is complete, then throws the failure of the
     * first failing query in order, as reading one after another would; an {@link Error} is thrown as is.
     * An interrupted wait cancels the queries still running, keeps the interrupt and throws
     * {@link StoreUnavailableException}. In every case the meters of the queries that completed are joined
     * on {@code meter}; one still running after an interrupt is left out, as its meter may still change.
     *
     * @param queries the queries, for naming the table
     * @param pending each query's answer, completed once its meter is final
     * @param parts   each query's meter
     * @param failure turns a failure other than an {@link Error} into the library's exception
     */
    public static <T> List<T> await(List<KeyQuery> queries, List<? extends Future<T>> pending, List<CostMeter> parts,
                                    CostMeter meter, Failure failure) {
        String table = queries.stream().map(KeyQuery::table).distinct().count() == 1 ? queries.get(0).table() : null;
        return await(queries.size() + " queries", table, pending, parts, meter, failure);
    }

    /**
     * {@link #await(List, List, List, CostMeter, Failure)} for any reads sent at once, e.g. the requests of
     * one batch read: {@code what} names them and {@code table} (null when several) their table in the
     * exception of an interrupted wait.
     */
    public static <T> List<T> await(String what, String table, List<? extends Future<T>> pending, List<CostMeter> parts,
                                    CostMeter meter, Failure failure) {
        List<T> out = new ArrayList<>(pending.size());
        List<CostMeter> finished = new ArrayList<>(pending.size());
        Throwable first = null;
        try {
            for (int i = 0; i < pending.size(); i++) {
                try {
                    out.add(pending.get(i).get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause() == null ? e : e.getCause();
                    first = first != null ? first : cause instanceof Error ? cause : failure.of(i, cause);
                }
                finished.add(parts.get(i));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            for (int i = finished.size(); i < pending.size(); i++) {
                if (!pending.get(i).cancel(true)) {
                    finished.add(parts.get(i)); // it completed: its meter is final
                }
            }
            StoreUnavailableException interrupted = new StoreUnavailableException("interrupted while waiting for "
                    + what + (table == null ? "" : " on table '" + table + "'"), table, null, e);
            if (first != null) {
                interrupted.addSuppressed(first);
            }
            first = interrupted;
        } finally {
            meter.joinConcurrent(finished);
        }
        if (first instanceof Error err) {
            throw err;
        }
        if (first != null) {
            throw (RuntimeException) first;
        }
        return out;
    }
}
