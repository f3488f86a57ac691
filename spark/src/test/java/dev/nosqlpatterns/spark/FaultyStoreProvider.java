package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;

/**
 * Opens {@code faulty:INNER_URI}: the store of {@code INNER_URI}, whose writes fail as a task that dies
 * mid-write would, while {@link #failAfter armed}: in the first attempt of every Spark task, the write that takes
 * the attempt past the given number of items writes only up to it, then throws. Retries (attempt 1 and later)
 * and writes outside tasks go through untouched. For tests in one JVM ({@code local} master).
 */
public final class FaultyStoreProvider implements StoreProvider {
    private static volatile int threshold;
    private static final AtomicInteger INJECTED = new AtomicInteger();
    private static final Map<Long, AtomicInteger> WRITTEN = new ConcurrentHashMap<>();

    /** Arms the fault: the first attempt of each task fails once it has written {@code items} items. */
    static void failAfter(int items) {
        if (items < 1) {
            throw new IllegalArgumentException("a task must write at least one item before it fails, got " + items);
        }
        WRITTEN.clear();
        INJECTED.set(0);
        threshold = items;
    }

    /** Disarms the fault; returns how many task attempts it failed since armed. */
    static int disarm() {
        threshold = 0;
        return INJECTED.get();
    }

    @Override
    public String scheme() {
        return "faulty";
    }

    @Override
    public StoreBackend open(URI uri) {
        URI inner = URI.create(uri.getRawSchemeSpecificPart());
        for (StoreProvider p : ServiceLoader.load(StoreProvider.class, FaultyStoreProvider.class.getClassLoader())) {
            if (p.scheme().equalsIgnoreCase(inner.getScheme())) {
                return new Faulty(p.open(inner));
            }
        }
        throw new IllegalArgumentException("no store provider for the scheme of '" + inner + "' in '" + uri + "'");
    }

    /** How many of {@code wanted} items the running task may still write before it fails (all when unarmed). */
    private static int allowed(int wanted) {
        int limit = threshold;
        TaskContext task = TaskContext.get();
        if (limit == 0 || task == null || task.attemptNumber() > 0) {
            return wanted;
        }
        AtomicInteger written = WRITTEN.computeIfAbsent(task.taskAttemptId(), id -> new AtomicInteger());
        int before = written.getAndAdd(wanted);
        return Math.max(0, Math.min(wanted, limit - before));
    }

    private static RuntimeException died(int written, int wanted) {
        INJECTED.incrementAndGet();
        return new IllegalStateException("injected fault: task attempt " + TaskContext.get().taskAttemptId()
                + " died after writing " + written + " of " + wanted + " items of a write");
    }

    /** The inner backend with fault-injecting writes. */
    private static final class Faulty extends ForwardingBackend {
        Faulty(StoreBackend inner) {
            super(inner);
        }

        @Override
        public void put(Write.Put put, CostMeter meter) {
            if (allowed(1) < 1) {
                throw died(0, 1);
            }
            delegate.put(put, meter);
        }

        @Override
        public void delete(Write.Delete delete, CostMeter meter) {
            if (allowed(1) < 1) {
                throw died(0, 1);
            }
            delegate.delete(delete, meter);
        }

        @Override
        public Item update(Write.Update update, CostMeter meter) {
            if (allowed(1) < 1) {
                throw died(0, 1);
            }
            return delegate.update(update, meter);
        }

        @Override
        public void writeBatch(List<Write> writes, CostMeter meter) {
            int ok = allowed(writes.size());
            if (ok < writes.size()) {
                if (ok > 0) {
                    delegate.writeBatch(writes.subList(0, ok), meter);
                }
                throw died(ok, writes.size());
            }
            delegate.writeBatch(writes, meter);
        }

        @Override
        public void writeAtomically(List<Write> writes, CostMeter meter) {
            if (allowed(writes.size()) < writes.size()) {
                throw died(0, writes.size());
            }
            delegate.writeAtomically(writes, meter);
        }
    }
}
