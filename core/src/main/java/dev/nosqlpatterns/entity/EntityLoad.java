package dev.nosqlpatterns.entity;

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
 * A save of more entities than fit in memory, such as the import of a dataset: the source is read one window at a
 * time, each window is mapped and checked whole before any of it is written, then written as
 * {@link EntityRepository#saveAll} writes (batched, index tables kept exact), and only then is the next window
 * read, so memory holds one window and a slow store slows the reading down. After each window a listener gets the
 * {@link LoadReport} so far. Made by {@link EntityRepository#load(Stream)}; runs once.
 *
 * <pre>{@code
 * LoadReport done = repository.load(users).windowSize(1_000)
 *         .onProgress(r -> log.info("{} users, {}/s", r.entities(), r.entitiesPerSecond()))
 *         .run();
 * }</pre>
 */
public final class EntityLoad {
    /** Entities per window unless {@link #windowSize} says otherwise. */
    public static final int DEFAULT_WINDOW = 1_000;
    /** The largest window, to bound the memory one window takes. */
    public static final int MAX_WINDOW = 100_000;

    private final EntityRepository repository;
    private final Store store;
    private final Stream<? extends Record> source;
    private int windowSize = DEFAULT_WINDOW;
    private Consumer<LoadReport> progress = report -> { };
    private boolean ran;

    EntityLoad(EntityRepository repository, Store store, Stream<? extends Record> source) {
        this.repository = repository;
        this.store = store;
        this.source = Objects.requireNonNull(source, "the entities to load are null");
    }

    /** How many entities are read, checked and written together (1 to {@value #MAX_WINDOW}). */
    public EntityLoad windowSize(int entities) {
        if (entities < 1 || entities > MAX_WINDOW) {
            throw new IllegalArgumentException("window size must be between 1 and " + MAX_WINDOW + ", got " + entities);
        }
        this.windowSize = entities;
        return this;
    }

    /**
     * Called on the loading thread after every window with the report so far; an exception it throws stops the
     * load (the windows before are written).
     */
    public EntityLoad onProgress(Consumer<LoadReport> listener) {
        this.progress = Objects.requireNonNull(listener, "the progress listener is null");
        return this;
    }

    /**
     * Loads every entity of the source, then closes it.
     *
     * @return what was written and what it cost
     * @throws EntityLoadException when a window fails (bad input, a unique value taken, the store failing): its
     *                             cause says why and {@link EntityLoadException#resumeAt()} where to start again
     * @throws IllegalStateException when this load has run already
     */
    public LoadReport run() {
        if (ran) {
            throw new IllegalStateException("this load has run already; make another with repository.load(...)");
        }
        ran = true;
        CostTally cost = new CostTally();
        long started = System.nanoTime();
        long written = 0;
        long windows = 0;
        Store.Registration measuring = store.onCost(cost);
        try (Stream<? extends Record> entities = source) {
            Iterator<? extends Record> it = entities.iterator();
            List<Record> window = new ArrayList<>(Math.min(windowSize, 4_096));
            while (it.hasNext()) {
                window.clear();
                while (window.size() < windowSize && it.hasNext()) {
                    window.add(it.next());
                }
                EntityRepository.Batch batch = repository.batch();
                for (int i = 0; i < window.size(); i++) {
                    try {
                        batch.save(window.get(i));
                    } catch (RuntimeException refused) {
                        throw new EntityLoadException("the entity at position " + (written + i) + " was refused: "
                                + refused.getMessage() + "; nothing of its window was written",
                                report(cost, started, written, windows), written, refused);
                    }
                }
                try {
                    batch.write();
                } catch (RuntimeException failed) {
                    throw new EntityLoadException("the window from position " + written + " failed: "
                            + failed.getMessage(), report(cost, started, written, windows), written, failed);
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
