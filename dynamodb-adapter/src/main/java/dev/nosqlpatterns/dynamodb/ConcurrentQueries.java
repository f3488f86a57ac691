package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.internal.ConcurrentQueryWait;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Independent partition reads, and the requests of a large batch read, sent at once. DynamoDB has no request that reads several partitions by
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
        List<Function<CostMeter, QueryResult>> reads = new ArrayList<>(queries.size());
        for (KeyQuery q : queries) {
            reads.add(part -> this.reads.query(q, part));
        }
        String table = queries.stream().map(KeyQuery::table).distinct().count() == 1 ? queries.get(0).table() : null;
        return together(reads, queries.size() + " queries", table, meter);
    }

    /**
     * The items of {@code refs}, read in BatchGetItem requests of {@value Reads#BATCH_GET_SIZE} keys sent at
     * once (each with its own retries of unprocessed keys), so that a large batch read waits for about one
     * round trip rather than one per hundred keys.
     */
    Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        List<Function<CostMeter, Map<ItemRef, Item>>> batches = new ArrayList<>();
        for (int from = 0; from < refs.size(); from += Reads.BATCH_GET_SIZE) {
            List<ItemRef> batch = refs.subList(from, Math.min(refs.size(), from + Reads.BATCH_GET_SIZE));
            batches.add(part -> reads.getAll(batch, part));
        }
        String table = refs.stream().map(ItemRef::table).distinct().count() == 1 ? refs.get(0).table() : null;
        Map<ItemRef, Item> found = new LinkedHashMap<>();
        together(batches, batches.size() + " batch reads", table, meter).forEach(found::putAll);
        return found;
    }

    /**
     * The answers of {@code reads}, in their order: on the caller's thread for one read (or once the pool
     * is shut down), else on the pool, each on a meter of its own, waited for by {@link ConcurrentQueryWait}.
     */
    private <T> List<T> together(List<Function<CostMeter, T>> reads, String what, String table, CostMeter meter) {
        ExecutorService threads = reads.size() > 1 ? pool() : null;
        List<T> out = new ArrayList<>(reads.size());
        if (threads == null) {
            for (Function<CostMeter, T> read : reads) {
                out.add(read.apply(meter));
            }
            return out;
        }
        List<CostMeter> parts = new ArrayList<>(reads.size());
        List<FutureTask<T>> pending = new ArrayList<>(reads.size());
        for (Function<CostMeter, T> read : reads) {
            CostMeter part = new CostMeter();
            FutureTask<T> task = new FutureTask<>(() -> read.apply(part));
            parts.add(part);
            pending.add(task);
            try {
                threads.execute(task);
            } catch (RejectedExecutionException closedMeanwhile) {
                task.run();
            }
        }
        return ConcurrentQueryWait.await(what, table, pending, parts, meter,
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
