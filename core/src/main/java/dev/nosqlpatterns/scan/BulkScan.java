package dev.nosqlpatterns.scan;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Consumer;

/**
 * A scan done well: the whole table in one pass for a bulk action, split into segments read
 * in parallel, page by page, under a budget of items per second so that it does not starve the
 * application's own traffic, and resumable from the cursors of an interrupted run.
 *
 * <p>The report of a run counts the read capacity units it consumed: the store's own figures where it
 * reports them (DynamoDB), otherwise an estimate by DynamoDB's rule for strongly consistent reads: one
 * unit per 4 KB read, rounded up per page.
 */
public final class BulkScan {
    private final Store store;
    private final String table;
    private int segments = 1;
    private int pageSize = 100;
    private double itemsPerSecond;
    private List<SegmentPosition> resumeFrom;

    private BulkScan(Store store, String table) {
        this.store = store;
        this.table = table;
    }

    /** A bulk scan of {@code table}: one segment, pages of 100, no budget, until configured otherwise. */
    public static BulkScan of(Store store, String table) {
        Objects.requireNonNull(store, "store must not be null");
        if (!store.hasTable(table)) {
            throw new IllegalArgumentException("table '" + table + "' is not declared on the store");
        }
        return new BulkScan(store, table);
    }

    public BulkScan segments(int count) {
        if (count < 1 || count > 64) {
            throw new IllegalArgumentException("segments must be between 1 and 64, got " + count);
        }
        this.segments = count;
        return this;
    }

    public BulkScan pageSize(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + size);
        }
        this.pageSize = size;
        return this;
    }

    /** Caps the items read per second across all segments (0: no cap). */
    public BulkScan itemsPerSecond(double rate) {
        if (rate < 0 || Double.isNaN(rate)) {
            throw new IllegalArgumentException("items per second must be zero or positive, got " + rate);
        }
        this.itemsPerSecond = rate;
        return this;
    }

    /** Resumes each segment where a previous, interrupted run left it (finished segments are skipped). */
    public BulkScan resumeFrom(List<SegmentPosition> positions) {
        if (positions.size() != segments) {
            throw new IllegalArgumentException("resume needs one position per segment (" + segments + "), got "
                    + positions.size());
        }
        this.resumeFrom = List.copyOf(positions);
        return this;
    }

    /** Calls {@code action} for every item (concurrently from one thread per segment) and reports the run. */
    public ScanReport forEach(Consumer<Item> action) {
        return TechniqueCalls.call(store, "bulkScan.forEach", table, () -> {
            Objects.requireNonNull(action, "action must not be null");
            RateLimiter items = itemsPerSecond > 0 ? new RateLimiter(itemsPerSecond) : null;
            AtomicLong read = new AtomicLong();
            AtomicLong pages = new AtomicLong();
            AtomicLong throttled = new AtomicLong();
            DoubleAdder consumed = new DoubleAdder();
            AtomicReferenceArray<SegmentPosition> cursors = new AtomicReferenceArray<>(segments);
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(segments);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int s = 0; s < segments; s++) {
                    int segment = s;
                    cursors.set(segment, resumeFrom == null ? SegmentPosition.start() : resumeFrom.get(segment));
                    running.add(pool.submit(() -> {
                        Scan scan = Scan.of(table).segment(segment, segments).limit(pageSize);
                        if (cursors.get(segment).finished()) {
                            return null;
                        }
                        Optional<Cursor> at = cursors.get(segment).after();
                        boolean first = true;
                        while (first || at.isPresent()) {
                            first = false;
                            double[] units1 = {0};
                            Thread self = Thread.currentThread();
                            Scan next = at.map(scan::after).orElse(scan);
                            Page page = store.measure(c -> {
                                if (c.operation().equals("scan") && Thread.currentThread() == self) {
                                    units1[0] += unitsOf(c);
                                }
                            }, () -> store.scan(next));
                            page.items().forEach(action);
                            read.addAndGet(page.items().size());
                            pages.incrementAndGet();
                            consumed.add(units1[0]);
                            at = page.next();
                            cursors.set(segment, new SegmentPosition(at.isEmpty(), at));
                            if (items != null) {
                                throttled.addAndGet(items.acquire(page.items().size()));
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : running) {
                    f.get();
                }
            } catch (ExecutionException e) {
                List<SegmentPosition> left = new ArrayList<>();
                for (int s = 0; s < segments; s++) {
                    left.add(cursors.get(s));
                }
                throw new ScanInterruptedException(table, read.get(), left, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("bulk scan interrupted", e);
            } finally {
                pool.shutdownNow();
            }
            return new ScanReport(read.get(), pages.get(), consumed.sum(), Duration.ofNanos(System.nanoTime() - start),
                    Duration.ofNanos(throttled.get()));
        });
    }

    private double unitsOf(OperationCost c) {
        if (c.capacityReported()) {
            return c.readUnits();
        }
        return Math.ceil(c.bytesRead() / 4096.0);
    }

    /**
     * What a bulk scan did: items and pages read, capacity units consumed (reported or estimated), time
     * taken, and time spent waiting for the budget.
     */
    public record ScanReport(long items, long pages, double capacityUnits, Duration elapsed, Duration throttled) {
    }
}
