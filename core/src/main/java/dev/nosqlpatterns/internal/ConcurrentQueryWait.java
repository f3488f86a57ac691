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
    static <T> List<T> await(String what, String table, List<? extends Future<T>> pending, List<CostMeter> parts,
                                    CostMeter meter, Failure failure) {
        return await(what, table, pending, parts, null, false, meter, failure);
    }

    /**
     * {@link #await(String, String, List, List, CostMeter, Failure)} for reads sent a bounded number at a time
     * ({@link InFlightWindow}): {@code sentAfter[i]} is the read whose answer read {@code i} was sent after (-1
     * when it went out at once), so that the wait joined is that of the longest such chain; and
     * {@code interruptedSending} says the caller was interrupted before it could send them all.
     */
    static <T> List<T> await(String what, String table, List<? extends Future<T>> pending, List<CostMeter> parts,
                             int[] sentAfter, boolean interruptedSending, CostMeter meter, Failure failure) {
        List<T> out = new ArrayList<>(pending.size());
        boolean[] finished = new boolean[pending.size()];
        int awaited = 0;
        Throwable first = null;
        try {
            if (interruptedSending) {
                throw new InterruptedException("interrupted while sending " + what);
            }
            for (; awaited < pending.size(); awaited++) {
                try {
                    out.add(pending.get(awaited).get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause() == null ? e : e.getCause();
                    first = first != null ? first : cause instanceof Error ? cause : failure.of(awaited, cause);
                }
                finished[awaited] = true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            for (int i = awaited; i < pending.size(); i++) {
                finished[i] = !pending.get(i).cancel(true); // it completed: its meter is final
            }
            StoreUnavailableException interrupted = new StoreUnavailableException("interrupted while waiting for "
                    + what + (table == null ? "" : " on table '" + table + "'"), table, null, e);
            if (first != null) {
                interrupted.addSuppressed(first);
            }
            first = interrupted;
        } finally {
            join(meter, parts, finished, sentAfter);
        }
        if (first instanceof Error err) {
            throw err;
        }
        if (first != null) {
            throw (RuntimeException) first;
        }
        return out;
    }

    /**
     * Joins the meters of the reads that finished: all of them add up, and the wait is the longest chain of
     * reads each sent after the one before it in the chain answered (a read of its own when all went at once).
     */
    private static void join(CostMeter meter, List<CostMeter> parts, boolean[] finished, int[] sentAfter) {
        List<CostMeter> done = new ArrayList<>(parts.size());
        long[] chain = new long[parts.size()];
        long waited = 0;
        for (int i = 0; i < parts.size(); i++) {
            long own = finished[i] ? parts.get(i).criticalPath() : 0;
            chain[i] = own + (sentAfter != null && sentAfter[i] >= 0 ? chain[sentAfter[i]] : 0);
            if (finished[i]) {
                done.add(parts.get(i));
                waited = Math.max(waited, chain[i]);
            }
        }
        meter.joinConcurrent(done, waited);
    }
}
