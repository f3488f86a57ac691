package dev.nosqlpatterns.internal;

import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Sends many independent conditional puts and deletes of distinct items, as few calls as the store allows: in
 * atomic writes of as many writes as its limits take where it has atomic writes (the writes of a group refused by
 * one condition sent again on their own), else in one {@code Store.writeEach} (a pipeline, concurrent requests or
 * a bulk write, as the store can). The writes are applied in no particular order; each is applied or refused by its
 * own condition, as if sent alone.
 */
public final class ConditionalWrites {
    /** Atomic writes in flight at once. */
    private static final int PARALLEL_GROUPS = 4;

    private ConditionalWrites() {
    }

    /**
     * Sends the writes and returns those refused by their condition; every other write was applied. Fails with the
     * first other failure once every call has ended (some writes may then be applied).
     *
     * @param atomicLimits the limits of one atomic write, or null when the store has no cross-partition atomic writes
     * @param atomically   makes one atomic write ({@code Store.writeAtomically})
     * @param together     sends independent writes together, answering per write whether it was applied
     *                     ({@code Store.writeEach})
     */
    public static Set<Write> send(List<? extends Write> all, Limits atomicLimits, Consumer<List<Write>> atomically,
                                  Function<List<Write>, List<Boolean>> together) {
        Set<Write> refused = Collections.newSetFromMap(new IdentityHashMap<>());
        if (all.isEmpty()) {
            return refused;
        }
        List<Write> single = new ArrayList<>();
        if (atomicLimits != null && all.size() > 1) {
            List<List<Write>> each = all.stream().<List<Write>>map(List::of).toList();
            List<List<Write>> groups = new ArrayList<>();
            for (int from = 0; from < each.size(); ) {
                int to = groupEnd(atomicLimits, each, from, ConditionalWrites::bytes);
                groups.add(List.copyOf(all.subList(from, to)));
                from = to;
            }
            List<Boolean> applied = inParallel(PARALLEL_GROUPS, groups.stream().<Callable<Boolean>>map(g -> () -> {
                try {
                    atomically.accept(g);
                    return true;
                } catch (ConditionFailedException oneRefused) {
                    return false;
                }
            }).toList());
            for (int i = 0; i < groups.size(); i++) {
                if (!applied.get(i)) {
                    single.addAll(groups.get(i));
                }
            }
        } else {
            single.addAll(all);
        }
        List<Boolean> applied = single.isEmpty() ? List.of() : together.apply(single);
        for (int i = 0; i < single.size(); i++) {
            if (!applied.get(i)) {
                refused.add(single.get(i));
            }
        }
        return refused;
    }

    /**
     * The end (exclusive) of the atomic write that starts with item {@code from} of {@code each} (the writes of
     * one item each): whole items, as many as the store's atomic-write limits take, at least one.
     */
    public static <W extends Write> int groupEnd(Limits limits, List<? extends List<? extends W>> each, int from,
                                                 ToLongFunction<? super W> bytesOf) {
        int maxWrites = limits.maxAtomicWriteItems();
        long maxBytes = limits.maxAtomicWriteBytes();
        int count = 0;
        long bytes = 0;
        int to = from;
        while (to < each.size()) {
            List<? extends W> next = each.get(to);
            long nextBytes = next.stream().mapToLong(bytesOf).sum();
            if (to > from && (count + next.size() > maxWrites || bytes + nextBytes > maxBytes)) {
                break;
            }
            count += next.size();
            bytes += nextBytes;
            to++;
        }
        return to;
    }

    /** The bytes a write adds to an atomic write: its item's size for a put, nothing else. */
    public static long bytes(Write w) {
        return w instanceof Write.Put p ? p.item().sizeInBytes() : 0;
    }

    /**
     * Runs the tasks, at most {@code parallel} at once (on the calling thread when there is one), and returns
     * their answers in order. Throws the first failure once every task has ended.
     */
    public static <T> List<T> inParallel(int parallel, List<Callable<T>> tasks) {
        List<T> out = new ArrayList<>(tasks.size());
        if (tasks.size() == 1) {
            try {
                out.add(tasks.get(0).call());
                return out;
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        if (tasks.isEmpty()) {
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, tasks.size()), r -> {
            Thread t = new Thread(r, "nosqlpatterns-bulk-write");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> sent = new ArrayList<>(tasks.size());
            for (Callable<T> task : tasks) {
                sent.add(pool.submit(task));
            }
            RuntimeException failure = null;
            for (Future<T> f : sent) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    out.add(null);
                    failure = failure == null ? unwrap(e) : failure;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    out.add(null);
                    failure = failure == null ? new IllegalStateException("interrupted while writing", e) : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    private static RuntimeException unwrap(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(cause);
    }
}
