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
 * mid-write would, while {@link #failAfter armed}: in the first attempts of every Spark task, the write that takes
 * the attempt to the given number of items writes only up to it (all of it, when it ends there), then throws.
 * Later attempts and writes outside tasks go through untouched. While {@link #count counting}, it fails nothing
 * and records how many items each task attempt wrote. For tests in one JVM ({@code local} master).
 */
public final class FaultyStoreProvider implements StoreProvider {
    private static volatile int threshold;
    private static volatile int failingAttempts;
    private static volatile boolean counting;
    private static final AtomicInteger INJECTED = new AtomicInteger();
    private static final Map<Long, AtomicInteger> WRITTEN = new ConcurrentHashMap<>();
    /** While counting: each task attempt's write calls, as the items written before and after each. */
    private static final Map<Long, List<int[]>> CALLS = new ConcurrentHashMap<>();

    /** Arms the fault: the first attempt of each task fails once it has written {@code items} items. */
    static void failAfter(int items) {
        failAfter(items, 1);
    }

    /**
     * Arms the fault: attempts {@code 0} to {@code attempts - 1} of each task fail once they have written
     * {@code items} items; with as many attempts as Spark makes, every attempt fails and so does the job.
     */
    static void failAfter(int items, int attempts) {
        if (items < 1 || attempts < 1) {
            throw new IllegalArgumentException("a task must write at least one item before it fails, in at least one"
                    + " attempt, got " + items + " and " + attempts);
        }
        WRITTEN.clear();
        INJECTED.set(0);
        counting = false;
        failingAttempts = attempts;
        threshold = items;
    }

    /** Counts the items each task attempt writes, failing none, until {@link #disarm}. */
    static void count() {
        WRITTEN.clear();
        CALLS.clear();
        INJECTED.set(0);
        threshold = 0;
        counting = true;
    }

    /**
     * The crash steps of the write calls counted since {@link #count}: for every call of every task attempt, the
     * number of items its task had written when the call ended (a crash right after it took effect) and, for a
     * call of several items, one inside it (a crash with part of it written).
     */
    static java.util.SortedSet<Integer> steps() {
        java.util.SortedSet<Integer> out = new java.util.TreeSet<>();
        CALLS.values().forEach(calls -> {
            synchronized (calls) {
                for (int[] call : calls) {
                    out.add(call[1]);
                    if (call[1] - call[0] > 1) {
                        out.add(call[0] + (call[1] - call[0]) / 2);
                    }
                }
            }
        });
        return out;
    }

    /** Disarms the fault (and stops counting); returns how many task attempts it failed since armed. */
    static int disarm() {
        threshold = 0;
        counting = false;
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

    /**
     * How many of {@code wanted} items the running task may write before it fails: all of them when unarmed,
     * outside a task or in a later attempt; -1 when it may write them all and need not fail.
     */
    private static int allowed(int wanted) {
        int limit = threshold;
        TaskContext task = TaskContext.get();
        if (task == null || (limit == 0 && !counting)) {
            return -1;
        }
        AtomicInteger written = WRITTEN.computeIfAbsent(task.taskAttemptId(), id -> new AtomicInteger());
        int before = written.getAndAdd(wanted);
        if (counting) {
            List<int[]> calls = CALLS.computeIfAbsent(task.taskAttemptId(), id -> new java.util.ArrayList<>());
            synchronized (calls) {
                calls.add(new int[] {before, before + wanted});
            }
        }
        if (limit == 0 || task.attemptNumber() >= failingAttempts || before + wanted < limit) {
            return -1;
        }
        return Math.max(0, limit - before);
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
            int ok = allowed(1);
            if (ok > 0) {
                delegate.put(put, meter);
            }
            if (ok >= 0) {
                throw died(ok, 1);
            }
            delegate.put(put, meter);
        }

        @Override
        public void delete(Write.Delete delete, CostMeter meter) {
            int ok = allowed(1);
            if (ok > 0) {
                delegate.delete(delete, meter);
            }
            if (ok >= 0) {
                throw died(ok, 1);
            }
            delegate.delete(delete, meter);
        }

        @Override
        public Item update(Write.Update update, CostMeter meter) {
            int ok = allowed(1);
            if (ok > 0) {
                delegate.update(update, meter);
            }
            if (ok >= 0) {
                throw died(ok, 1);
            }
            return delegate.update(update, meter);
        }

        @Override
        public void writeBatch(List<Write> writes, CostMeter meter) {
            int ok = allowed(writes.size());
            if (ok > 0) {
                delegate.writeBatch(writes.subList(0, ok), meter);
            }
            if (ok >= 0) {
                throw died(ok, writes.size());
            }
            delegate.writeBatch(writes, meter);
        }

        @Override
        public void writeAtomically(List<Write> writes, CostMeter meter) {
            int ok = allowed(writes.size());
            if (ok == writes.size()) {
                delegate.writeAtomically(writes, meter);
            }
            if (ok >= 0) {
                throw died(ok == writes.size() ? ok : 0, writes.size());
            }
            delegate.writeAtomically(writes, meter);
        }
    }
}
