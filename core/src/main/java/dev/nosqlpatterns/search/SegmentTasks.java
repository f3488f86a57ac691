package dev.nosqlpatterns.search;

import dev.nosqlpatterns.store.model.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Runs one task per scan segment on a bounded number of threads and returns their results in segment order. */
final class SegmentTasks {
    private SegmentTasks() {
    }

    static <T> List<T> run(int segments, int parallelism, IntFunction<T> task) {
        if (segments == 1 || parallelism == 1) {
            List<T> out = new ArrayList<>();
            for (int s = 0; s < segments; s++) {
                out.add(task.apply(s));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(segments, parallelism), r -> {
            Thread t = new Thread(r, "nosqlpatterns-search-segment");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int s = 0; s < segments; s++) {
                int segment = s;
                futures.add(pool.submit(() -> task.apply(segment)));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning segments", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new StoreException("a segment scan failed", cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
