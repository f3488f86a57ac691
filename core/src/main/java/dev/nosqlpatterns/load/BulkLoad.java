package dev.nosqlpatterns.load;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A load of more items than fit in memory: the source is read one window at a time, each item of a window is
 * checked before any of the window is written, the window is then written by a technique's bulk write (batched,
 * derived data kept exact), and only then is the next window read. Memory holds one window, and a slow store slows
 * the reading down. After each window a listener gets the {@link LoadReport} so far; a failed window stops the load
 * with a {@link LoadException} naming the position to resume from. Runs once.
 *
 * <p>Made by the techniques ({@code EntityRepository.load}, {@code GeoIndex.load}, {@code InvertedSearch.load}),
 * or by {@link #of} around any bulk write:
 *
 * <pre>{@code
 * LoadReport done = repository.load(users).windowSize(1_000)
 *         .onProgress(r -> log.info("{} users, {}/s", r.loaded(), r.loadedPerSecond()))
 *         .run();
 * }</pre>
 *
 * @param <T> what the load reads from its source
 */
public final class BulkLoad<T> {
    /** Items per window unless {@link #windowSize} says otherwise. */
    public static final int DEFAULT_WINDOW = 1_000;
    /** The largest window, to bound the memory one window takes. */
    public static final int MAX_WINDOW = 100_000;

    private final Store store;
    private final Stream<? extends T> source;
    private final WindowWriter<T> writer;
    private int windowSize = DEFAULT_WINDOW;
    private Consumer<LoadReport> progress = report -> { };
    private boolean ran;

    private BulkLoad(Store store, Stream<? extends T> source, WindowWriter<T> writer) {
        this.store = Objects.requireNonNull(store, "the store is null");
        this.source = Objects.requireNonNull(source, "the source to load is null");
        this.writer = Objects.requireNonNull(writer, "the window writer is null");
    }

    /**
     * A load of {@code source} written window by window by {@code writer}, its cost as {@code store} reports it.
     * Nothing is read from the source before {@link #run()}.
     */
    public static <T> BulkLoad<T> of(Store store, Stream<? extends T> source, WindowWriter<T> writer) {
        return new BulkLoad<>(store, source, writer);
    }

    /** How many items are read, checked and written together (1 to {@value #MAX_WINDOW}). */
    public BulkLoad<T> windowSize(int items) {
        if (items < 1 || items > MAX_WINDOW) {
            throw new IllegalArgumentException("window size must be between 1 and " + MAX_WINDOW + ", got " + items);
        }
        this.windowSize = items;
        return this;
    }

    /**
     * Called on the loading thread after every window with the report so far; an exception it throws stops the
     * load (the windows before are written).
     */
    public BulkLoad<T> onProgress(Consumer<LoadReport> listener) {
        this.progress = Objects.requireNonNull(listener, "the progress listener is null");
        return this;
    }

    /**
     * Loads every item of the source, then closes it.
     *
     * @return what was written and what it cost
     * @throws LoadException         when a window fails (bad input, a write refused, the store failing): its cause
     *                               says why and {@link LoadException#resumeAt()} where to start again
     * @throws IllegalStateException when this load has run already
     */
    public LoadReport run() {
        if (ran) {
            throw new IllegalStateException("this load has run already; make another to load again");
        }
        ran = true;
        CostTally cost = new CostTally();
        long started = System.nanoTime();
        long written = 0;
        long windows = 0;
        Store.Registration measuring = store.onCost(cost);
        try (Stream<? extends T> items = source) {
            Iterator<? extends T> it = items.iterator();
            List<T> window = new ArrayList<>(Math.min(windowSize, 4_096));
            while (it.hasNext()) {
                window.clear();
                while (window.size() < windowSize && it.hasNext()) {
                    window.add(it.next());
                }
                for (int i = 0; i < window.size(); i++) {
                    try {
                        writer.check(Objects.requireNonNull(window.get(i), "the item is null"));
                    } catch (RuntimeException refused) {
                        throw new LoadException("the item at position " + (written + i) + " was refused: "
                                + refused.getMessage() + "; nothing of its window was written",
                                report(cost, started, written, windows), written, refused);
                    }
                }
                try {
                    writer.write(List.copyOf(window));
                } catch (RuntimeException failed) {
                    throw new LoadException("the window from position " + written + " to " + (written + window.size()
                            - 1) + " failed: " + failed.getMessage(), report(cost, started, written, windows),
                            written, failed);
                }
                written += window.size();
                windows++;
                progress.accept(report(cost, started, written, windows));
            }
            return report(cost, started, written, windows);
        } finally {
            measuring.close();
        }
    }

    private static LoadReport report(CostTally cost, long started, long written, long windows) {
        return new LoadReport(written, windows, Duration.ofNanos(System.nanoTime() - started), cost.roundTrips(),
                cost.itemsWritten(), cost.readUnits(), cost.writeUnits(), cost.throttles());
    }
}
