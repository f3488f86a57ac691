package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.internal.InFlightWindow;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Independent partition reads, and the requests of a large batch read or batch write, sent together. DynamoDB has no request that reads several partitions by
 * range, and the backend's client is synchronous, so each query runs {@link Reads#query} (its paging,
 * limit and retries unchanged) on a thread of a small pool, on a meter of its own, at most
 * {@code maxInFlight} of one call at a time ({@link InFlightWindow}); the meters are then joined, so that
 * round trips and capacity add up while the wait is that of the longest chain of queries each run once
 * another answered (30,000 queries, 16 at a time, wait for about 1,900 round trips, not one).
 *
 * <p>The pool is created on first use, so a backend that never reads partitions together starts no
 * thread; it has {@code maxInFlight} threads ({@value #DEFAULT_MAX_IN_FLIGHT} by default), so a large call
 * does not open a connection per query; its daemon threads end when idle and it is shut down with the
 * backend. Once it is shut down, queries run one after another on the caller's thread.
 */
final class ConcurrentQueries {
    /** Most queries in flight at once by default, over every call of the backend. */
    static final int DEFAULT_MAX_IN_FLIGHT = 16;
    private static final long IDLE_SECONDS = 30;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final Reads reads;
    private final int maxInFlight;
    private ThreadPoolExecutor pool; // guarded by this
    private boolean closed; // guarded by this

    ConcurrentQueries(Reads reads, int maxInFlight) {
        this.reads = reads;
        this.maxInFlight = maxInFlight;
    }

    /**
     * One answer per query, in their order, each what {@link Reads#query} answers; failures and interrupts
     * as {@link InFlightWindow} says (a query's failure is already the library's exception).
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
     * Sends the requests of a batch write ({@link Writes#batchRequests}) at most {@code maxInFlight} at a time,
     * so that a batch of thousands of items waits for about one request per {@code maxInFlight} rather than
     * one per 25 items. The batch is not atomic: once a request failed no further one is sent, those in
     * flight finish, and the first failure in order is thrown; what was sent before stays written.
     */
    void writeAll(List<Consumer<CostMeter>> requests, String table, CostMeter meter) {
        List<Function<CostMeter, Void>> writes = new ArrayList<>(requests.size());
        for (Consumer<CostMeter> request : requests) {
            writes.add(part -> {
                request.accept(part);
                return null;
            });
        }
        together(writes, requests.size() + " batch writes", table, meter);
    }

    /**
     * Sends independent single-item writes at most {@code maxInFlight} at a time; answers per write whether it
     * was applied. Once a write failed otherwise than by its condition no further one is sent, those in flight
     * finish, and the first failure in order is thrown.
     */
    List<Boolean> writeEach(List<Function<CostMeter, Boolean>> writes, String table, CostMeter meter) {
        return together(writes, writes.size() + " conditional writes", table, meter);
    }

    /**
     * The answers of {@code reads}, in their order: on the caller's thread for one read (or once the pool
     * is shut down), else on the pool, each on a meter of its own, at most {@code maxInFlight} at a time,
     * waited for by {@link InFlightWindow}.
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
        return InFlightWindow.run(what, table, reads.size(), maxInFlight, (i, part) -> {
            try {
                return CompletableFuture.supplyAsync(() -> reads.get(i).apply(part), threads);
            } catch (RejectedExecutionException closedMeanwhile) {
                return CompletableFuture.completedFuture(reads.get(i).apply(part));
            }
        }, meter, (i, cause) -> cause instanceof RuntimeException re ? re : new IllegalStateException(cause));
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
            ThreadPoolExecutor p = new ThreadPoolExecutor(maxInFlight, maxInFlight, IDLE_SECONDS, TimeUnit.SECONDS,
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
