package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.internal.ConcurrentQueryWait;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Independent partition reads sent at once. DynamoDB has no request that reads several partitions by
 * range, and the backend's client is synchronous, so each query runs {@link Reads#query} (its paging,
 * limit and retries unchanged) on a thread of a small pool, on a meter of its own; the meters are then
 * joined, so that round trips and capacity add up while the wait is that of the slowest query.
 *
 * <p>The pool is created on first use, so a backend that never reads partitions together starts no
 * thread; it runs at most {@value #MAX_THREADS} queries at a time, so a large call does not open a
 * connection per query; its daemon threads end when idle and it is shut down with the backend. Once it
 * is shut down, queries run one after another on the caller's thread.
 */
final class ConcurrentQueries {
    /** Most queries in flight at once, over every call of the backend. */
    static final int MAX_THREADS = 16;
    private static final long IDLE_SECONDS = 30;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final Reads reads;
    private ThreadPoolExecutor pool; // guarded by this
    private boolean closed; // guarded by this

    ConcurrentQueries(Reads reads) {
        this.reads = reads;
    }

    /**
     * One answer per query, in their order, each what {@link Reads#query} answers; failures and interrupts
     * as {@link ConcurrentQueryWait#await} says (a query's failure is already the library's exception).
     */
    List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        ExecutorService threads = queries.size() > 1 ? pool() : null;
        List<QueryResult> out = new ArrayList<>(queries.size());
        if (threads == null) {
            for (KeyQuery q : queries) {
                out.add(reads.query(q, meter));
            }
            return out;
        }
        List<CostMeter> parts = new ArrayList<>(queries.size());
        List<FutureTask<QueryResult>> pending = new ArrayList<>(queries.size());
        for (KeyQuery q : queries) {
            CostMeter part = new CostMeter();
            FutureTask<QueryResult> task = new FutureTask<>(() -> reads.query(q, part));
            parts.add(part);
            pending.add(task);
            try {
                threads.execute(task);
            } catch (RejectedExecutionException closedMeanwhile) {
                task.run();
            }
        }
        return ConcurrentQueryWait.await(queries, pending, parts, meter,
                (i, cause) -> cause instanceof RuntimeException re ? re : new IllegalStateException(cause));
    }

    /** Shuts the pool down: running queries finish, idle threads end. */
    synchronized void close() {
        closed = true;
        if (pool != null) {
            pool.shutdown();
        }
    }

    /** The pool, created on first use; null once closed. */
    private synchronized ExecutorService pool() {
        if (closed) {
            return null;
        }
        if (pool == null) {
            ThreadPoolExecutor p = new ThreadPoolExecutor(MAX_THREADS, MAX_THREADS, IDLE_SECONDS, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), daemons("nosqlpatterns-dynamodb-query-" + POOLS.incrementAndGet()));
            p.allowCoreThreadTimeOut(true);
            pool = p;
        }
        return pool;
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
