package dev.nosqlpatterns.rollup;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Aggregation with composite keys: records keyed {@code UserID:EventID} keep each user's
 * events in one partition, a frame; a scan reads the table frame by frame (each partition's items come
 * together), so per-frame questions ("which sites did this user visit") need one frame in memory, and
 * per-value counts over frames ("unique users per site") need one counter per value, never the table.
 *
 * <p>Segments of the scan are read in parallel; a frame never spans two segments.
 */
public final class FrameAggregation {
    private final Store store;
    private final String table;
    private final int segments;
    private final int pageSize;

    private FrameAggregation(Store store, String table, int segments, int pageSize) {
        this.store = store;
        this.table = table;
        this.segments = segments;
        this.pageSize = pageSize;
    }

    /** Aggregates {@code table} read in {@code segments} parallel segments of pages of {@code pageSize}. */
    public static FrameAggregation over(Store store, String table, int segments, int pageSize) {
        Objects.requireNonNull(store, "store must not be null");
        if (!store.hasTable(table)) {
            throw new IllegalArgumentException("table '" + table + "' is not declared on the store");
        }
        if (segments < 1 || segments > Scan.MAX_SEGMENTS) {
            throw new IllegalArgumentException("segments must be between 1 and " + Scan.MAX_SEGMENTS + ", got " + segments);
        }
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + pageSize);
        }
        return new FrameAggregation(store, table, segments, pageSize);
    }

    /** Calls {@code visitor} once per frame (concurrently from one thread per segment). */
    public void forEachFrame(Consumer<Frame> visitor) {
        TechniqueCalls.run(store, "frameAggregation.forEachFrame", table, () -> readAll(visitor));
    }

    /** Reads every segment, in parallel, each on a thread of its own. */
    private void readAll(Consumer<Frame> visitor) {
        Objects.requireNonNull(visitor, "visitor must not be null");
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(segments, 8));
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int s = 0; s < segments; s++) {
                int segment = s;
                running.add(pool.submit(() -> readSegment(segment, visitor)));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("frame aggregation failed", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during frame aggregation", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Calls {@code visitor} once per frame of one segment, in this thread: for readers that split the segments
     * among workers of their own (each frame lies in one segment).
     */
    public void forEachFrameIn(int segment, Consumer<Frame> visitor) {
        TechniqueCalls.run(store, "frameAggregation.forEachFrameIn", table, () -> {
            Objects.requireNonNull(visitor, "visitor must not be null");
            if (segment < 0 || segment >= segments) {
                throw new IllegalArgumentException("segment must be between 0 and " + (segments - 1) + ", got "
                        + segment);
            }
            readSegment(segment, visitor);
        });
    }

    private void readSegment(int segment, Consumer<Frame> visitor) {
        Iterator<Item> items = store.scanAll(Scan.of(table).segment(segment, segments).limit(pageSize)).iterator();
        List<Item> frame = new ArrayList<>();
        String partition = null;
        while (items.hasNext()) {
            Item item = items.next();
            if (partition != null && !partition.equals(item.key().partition())) {
                visitor.accept(new Frame(partition, frame));
                frame = new ArrayList<>();
            }
            partition = item.key().partition();
            frame.add(item);
        }
        if (partition != null) {
            visitor.accept(new Frame(partition, frame));
        }
    }

    /** For each frame, the distinct values it holds ("the sites each user visited"). */
    public void distinctValuesPerFrame(Function<Item, Optional<String>> value, Consumer<FrameValues> visitor) {
        TechniqueCalls.run(store, "frameAggregation.distinctValuesPerFrame", table, () -> distinct(value, visitor));
    }

    private void distinct(Function<Item, Optional<String>> value, Consumer<FrameValues> visitor) {
        Objects.requireNonNull(value, "value function must not be null");
        Objects.requireNonNull(visitor, "visitor must not be null");
        readAll(frame -> {
            Set<String> distinct = new HashSet<>();
            frame.items().forEach(i -> value.apply(i).ifPresent(distinct::add));
            visitor.accept(new FrameValues(frame.partition(), distinct));
        });
    }

    /** For each value, in how many frames it appears ("unique users per site"). */
    public Map<String, Long> framesPerValue(Function<Item, Optional<String>> value) {
        return TechniqueCalls.call(store, "frameAggregation.framesPerValue", table, () -> {
            Map<String, Long> counts = new ConcurrentHashMap<>();
            distinct(value, fv -> fv.values().forEach(v -> counts.merge(v, 1L, Long::sum)));
            return Map.copyOf(counts);
        });
    }

    /** The items of one partition. */
    public record Frame(String partition, List<Item> items) {
        public Frame {
            items = List.copyOf(items);
        }
    }

    /** The distinct values of one frame. */
    public record FrameValues(String partition, Set<String> values) {
        public FrameValues {
            values = Set.copyOf(values);
        }
    }
}
