package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.store.model.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Runs one task per scan segment on at most {@code parallelism} threads and returns the results in
 * segment order. A failure does not stop the other tasks: every task runs to its end (a failed store
 * fails them all quickly), then the first failure is rethrown, so no task still writes once the caller
 * moves on.
 */
final class Parallel {
    private Parallel() {
    }

    static <T> List<T> segments(int segments, int parallelism, IntFunction<T> task) {
        List<T> out = new ArrayList<>();
        if (segments == 1 || parallelism == 1) {
            for (int s = 0; s < segments; s++) {
                out.add(task.apply(s));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(segments, parallelism), r -> {
            Thread t = new Thread(r, "nosqlpatterns-graph-segment");
            t.setDaemon(true);
            return t;
        });
        List<Future<T>> futures = new ArrayList<>();
        try {
            for (int s = 0; s < segments; s++) {
                int segment = s;
                futures.add(pool.submit(() -> task.apply(segment)));
            }
            RuntimeException failure = null;
            for (Future<T> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof RuntimeException r ? r
                                : new StoreException("a segment task failed", e.getCause());
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while processing segments", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
