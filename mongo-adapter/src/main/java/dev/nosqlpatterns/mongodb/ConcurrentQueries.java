package dev.nosqlpatterns.mongodb;

import com.mongodb.MongoInterruptedException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * Partition reads served together, each a {@code find} of its own sent at the same time as the others:
 * the caller waits for the slowest read instead of all of them in turn.
 *
 * <p>Not one {@code find} with {@code $or} over the ranges: it cannot limit each range, so an exact answer
 * would read every range whole (a page of 20 from a partition of a million items reads the million), and
 * a limit on the whole find starves the ranges sorted after the first. Concurrent finds keep every read
 * exactly the single-query read, with its index range and limit. The first read runs on the calling
 * thread, the others on a small pool of daemon threads the backend owns (idle threads end after a while)
 * and shuts down when it closes; after that, reads run on the calling thread. Each read counts its costs
 * on a meter of its own, joined with {@link CostMeter#joinConcurrent}.
 */
final class ConcurrentQueries implements AutoCloseable {
    /** Reads in flight at once besides the caller's, within the driver's default pool of 100 connections. */
    static final int THREADS = 8;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final BiFunction<KeyQuery, CostMeter, QueryResult> query;
    private final ThreadPoolExecutor pool;

    /** @param query the single-query read, errors already mapped: each read is exactly that read */
    ConcurrentQueries(BiFunction<KeyQuery, CostMeter, QueryResult> query) {
        this.query = query;
        String name = "nosqlpatterns-mongodb-query-" + POOLS.incrementAndGet() + "-";
        AtomicInteger threads = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread t = new Thread(task, name + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                },
                (task, closed) -> task.run());
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * One answer per query, in their order. When a read fails, the call throws its exception (the first
     * in the order of the queries), once the reads before it answered; reads not yet started are dropped.
     * An interrupted wait restores the interrupt flag and throws what an interrupted {@code query} throws.
     */
    List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        int n = queries.size();
        List<CostMeter> meters = new ArrayList<>(n);
        List<Future<QueryResult>> futures = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            meters.add(new CostMeter());
        }
        for (int i = 1; i < n; i++) {
            KeyQuery q = queries.get(i);
            CostMeter part = meters.get(i);
            futures.add(pool.submit(() -> query.apply(q, part)));
        }
        List<QueryResult> out = new ArrayList<>(n);
        int waiting = 0;
        try {
            if (n > 0) {
                out.add(query.apply(queries.get(0), meters.get(0)));
            }
            for (; waiting < futures.size(); waiting++) {
                out.add(futures.get(waiting).get());
            }
            meter.joinConcurrent(meters);
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            KeyQuery q = queries.get(waiting + 1);
            throw Errors.wrap(new MongoInterruptedException("interrupted while waiting for the read of partition '"
                    + q.partition() + "'", e), "query", q.table(), null);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            if (out.size() < n) {
                abandon(futures, meters, meter);
            }
        }
    }

    /** After a failure: drops the reads not yet started and counts the costs of those that finished. */
    private static void abandon(List<Future<QueryResult>> futures, List<CostMeter> meters, CostMeter meter) {
        List<CostMeter> finished = new ArrayList<>(List.of(meters.get(0)));
        for (int i = 0; i < futures.size(); i++) {
            Future<QueryResult> f = futures.get(i);
            f.cancel(false);
            if (f.isDone() && !f.isCancelled()) {
                finished.add(meters.get(i + 1));
            }
        }
        meter.joinConcurrent(finished);
    }

    /** Stops the pool: reads already handed to it still answer, later ones run on their caller. */
    @Override
    public void close() {
        pool.shutdown();
    }
}
