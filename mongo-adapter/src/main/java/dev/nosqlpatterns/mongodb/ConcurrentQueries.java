package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * Partition reads served together, each a {@code find} of its own sent alongside the others: the caller
 * waits for about the slowest read of each window instead of all of them in turn.
 *
 * <p>Not one {@code find} with {@code $or} over the ranges: it cannot limit each range, so an exact answer
 * would read every range whole (a page of 20 from a partition of a million items reads the million), and
 * a limit on the whole find starves the ranges sorted after the first. Concurrent finds keep every read
 * exactly the single-query read, with its index range and limit. The reads run on a pool of
 * {@code maxInFlight} daemon threads the backend owns (idle threads end after a while) and shuts down when
 * it closes; after that, reads run on the calling thread. One call has at most {@code maxInFlight} reads in
 * flight ({@link InFlightWindow}), the rest sent as earlier ones answer; each read counts its costs on a
 * meter of its own, and the wait joined is the longest chain of reads each sent once another answered.
 */
final class ConcurrentQueries implements AutoCloseable {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final BiFunction<KeyQuery, CostMeter, QueryResult> query;
    private final int maxInFlight;
    private final ThreadPoolExecutor pool;

    /** @param query the single-query read, errors already mapped: each read is exactly that read */
    ConcurrentQueries(BiFunction<KeyQuery, CostMeter, QueryResult> query) {
        this(query, MongoStore.DEFAULT_MAX_IN_FLIGHT);
    }

    /**
     * @param query       the single-query read, errors already mapped: each read is exactly that read
     * @param maxInFlight the most reads of one call in flight at once, and the threads of the pool
     */
    ConcurrentQueries(BiFunction<KeyQuery, CostMeter, QueryResult> query, int maxInFlight) {
        this.query = query;
        this.maxInFlight = InFlightWindow.check("maxInFlight", maxInFlight);
        String name = "nosqlpatterns-mongodb-query-" + POOLS.incrementAndGet() + "-";
        AtomicInteger threads = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(maxInFlight, maxInFlight, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread t = new Thread(task, name + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                },
                (task, closed) -> task.run());
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * One answer per query, in their order. When a read fails, no further read is sent and the call throws
     * the first failure in the order of the queries once the reads in flight answered; an interrupted wait
     * keeps the interrupt flag and throws {@link dev.nosqlpatterns.store.model.StoreUnavailableException}, as
     * {@link dev.nosqlpatterns.internal.ConcurrentQueryWait#await} says.
     */
    List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        if (queries.size() == 1) {
            return List.of(query.apply(queries.get(0), meter));
        }
        return InFlightWindow.run(queries, maxInFlight,
                (i, part) -> CompletableFuture.supplyAsync(() -> query.apply(queries.get(i), part), pool), meter,
                (i, cause) -> cause instanceof RuntimeException r ? r : new IllegalStateException(cause));
    }

    /**
     * Runs independent single-document writes on the pool, at most {@code maxInFlight} at once; one answer per
     * write, in their order, with the failure rules of {@link #queryEach}.
     */
    List<Boolean> writeEach(List<java.util.function.Function<CostMeter, Boolean>> writes, String table,
                            CostMeter meter) {
        if (writes.size() == 1) {
            return List.of(writes.get(0).apply(meter));
        }
        return InFlightWindow.run(writes.size() + " conditional writes", table, writes.size(), maxInFlight,
                (i, part) -> CompletableFuture.supplyAsync(() -> writes.get(i).apply(part), pool), meter,
                (i, cause) -> cause instanceof RuntimeException r ? r : new IllegalStateException(cause));
    }

    /** Stops the pool: reads already handed to it still answer, later ones run on their caller. */
    @Override
    public void close() {
        pool.shutdown();
    }
}
