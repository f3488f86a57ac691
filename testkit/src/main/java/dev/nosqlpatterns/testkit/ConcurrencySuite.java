package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Conditional writes and atomic updates from many threads at once: exactly one winner, no lost update. */
public abstract class ConcurrencySuite extends StoreSuite {
    private static final int THREADS = 8;

    private void race(Callable<Void> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Void>> futures = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            for (Future<Void> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void exactlyOneThreadWinsAPutIfAbsent() throws Exception {
        String t = newTable();
        for (int round = 0; round < 5; round++) {
            Key key = Key.of("lock", "r" + round);
            AtomicInteger winners = new AtomicInteger();
            AtomicInteger losers = new AtomicInteger();
            AtomicInteger ids = new AtomicInteger();
            race(() -> {
                String me = "t" + ids.incrementAndGet();
                try {
                    store.put(t, Item.builder(key).put("owner", me).build(), Condition.ifAbsent());
                    winners.incrementAndGet();
                } catch (ConditionFailedException e) {
                    losers.incrementAndGet();
                }
                return null;
            });
            assertEquals(1, winners.get(), "round " + round);
            assertEquals(THREADS - 1, losers.get(), "round " + round);
        }
    }

    @Test
    void atomicAddsFromManyThreadsLoseNothing() throws Exception {
        String t = newTable();
        Key key = Key.of("counter", "c");
        race(() -> {
            for (int i = 0; i < 25; i++) {
                store.update(t, key, UpdateAction.add("n", 1), UpdateAction.addToSet("seen",
                        Value.stringSet(Thread.currentThread().getName())));
            }
            return null;
        });
        Item after = store.get(t, key).orElseThrow();
        assertEquals(THREADS * 25L, after.getLong("n").orElseThrow());
        assertEquals(THREADS, after.getStringSet("seen").size());
    }

    @Test
    void compareAndSetOnAVersionLosesNoIncrement() throws Exception {
        String t = newTable();
        Key key = Key.of("doc", "d");
        store.put(t, Item.builder(key).put("version", 0).put("count", 0).build());
        race(() -> {
            int done = 0;
            while (done < 10) {
                Item current = store.get(t, key).orElseThrow();
                long version = current.getLong("version").orElseThrow();
                Item next = current.toBuilder().put("version", version + 1)
                        .put("count", current.getLong("count").orElseThrow() + 1).build();
                try {
                    store.put(t, next, Condition.attributeEquals("version", Value.of(version)));
                    done++;
                } catch (ConditionFailedException retry) {
                    Thread.onSpinWait();
                }
            }
            return null;
        });
        Item after = store.get(t, key).orElseThrow();
        assertEquals(THREADS * 10L, after.getLong("count").orElseThrow());
        assertEquals(THREADS * 10L, after.getLong("version").orElseThrow());
    }
}
