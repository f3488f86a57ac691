package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * A scan read one page ahead: while the caller checks and fixes a page, the store already reads the next one on
 * a thread of its own, so the store's work and the caller's overlap instead of alternating. At most one page is
 * read ahead, so memory stays bounded by two pages. The reads count toward the technique call open when it was
 * made ({@link TechniqueCalls#carried}).
 */
final class PagesAhead implements AutoCloseable {
    private final Store store;
    private ExecutorService reader;
    private Scan pending;
    private CompletableFuture<Page> next;

    PagesAhead(Store store) {
        this.store = store;
    }

    /** The page {@code scan} asks for: the one read ahead if it was this scan, else read now. */
    Page take(Scan scan) {
        if (next == null || !scan.equals(pending)) {
            drop();
            return store.scan(scan);
        }
        CompletableFuture<Page> ahead = next;
        next = null;
        pending = null;
        try {
            return ahead.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** Starts reading the page {@code scan} asks for, to be taken by the next {@link #take}. */
    void readAhead(Scan scan) {
        drop();
        if (reader == null) {
            reader = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "nosqlpatterns-scan-ahead");
                t.setDaemon(true);
                return t;
            });
        }
        Supplier<Page> read = TechniqueCalls.carried(() -> store.scan(scan));
        pending = scan;
        next = CompletableFuture.supplyAsync(read, reader);
    }

    /** A page read ahead and not taken is waited for (so no read outlives the caller's call) and dropped. */
    private void drop() {
        if (next != null) {
            next.exceptionally(e -> null).join();
            next = null;
            pending = null;
        }
    }

    @Override
    public void close() {
        drop();
        if (reader != null) {
            reader.shutdown();
        }
    }
}
