package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Atomic writes are isolated from concurrent reads of every kind (by key, batch, partition query), and
 * the periodic commit policy makes writes durable without being asked.
 */
class IsolationTest {
    private static final int TOTAL = 1000;

    @TempDir
    Path dir;

    @Test
    void readersNeverSeeHalfATransfer() throws Exception {
        String t = "bank" + System.nanoTime();
        try (Store store = Store.of(LuceneFixture.openBackend())) {
            store.createTable(TableSpec.named(t));
            store.put(t, Item.builder("acct", "a").put("n", TOTAL).build());
            store.put(t, Item.builder("acct", "b").put("n", 0).build());
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger reads = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                Future<?> writer = pool.submit(() -> {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    try {
                        for (int i = 0; i < 100 || (reads.get() < 40 && System.nanoTime() < deadline); i++) {
                            transfer(store, t, i % 2 == 0 ? "a" : "b", i % 2 == 0 ? "b" : "a", 1 + i % 7);
                        }
                    } finally {
                        done.set(true);
                    }
                    return null;
                });
                Future<?> batchReader = pool.submit(() -> {
                    while (!done.get()) {
                        List<Item> both = store.getAll(t, List.of(Key.of("acct", "a"), Key.of("acct", "b"))).items();
                        assertEquals(TOTAL, sum(both), "a batch get saw half a transfer");
                        reads.incrementAndGet();
                    }
                    return null;
                });
                Future<?> queryReader = pool.submit(() -> {
                    while (!done.get()) {
                        assertEquals(TOTAL, sum(store.query(Query.in(t, "acct")).items()), "a query saw half a transfer");
                        reads.incrementAndGet();
                    }
                    return null;
                });
                writer.get(120, TimeUnit.SECONDS);
                batchReader.get(120, TimeUnit.SECONDS);
                queryReader.get(120, TimeUnit.SECONDS);
            } finally {
                pool.shutdownNow();
                store.dropTable(t);
            }
            assertTrue(reads.get() >= 40, "readers ran: " + reads.get());
        }
    }

    private static void transfer(Store store, String t, String from, String to, long amount) {
        while (true) {
            Item a = store.get(t, Key.of("acct", from)).orElseThrow();
            Item b = store.get(t, Key.of("acct", to)).orElseThrow();
            long na = a.getLong("n").orElseThrow();
            long nb = b.getLong("n").orElseThrow();
            try {
                store.writeAtomically(List.of(
                        Write.put(t, a.toBuilder().put("n", na - amount).build())
                                .when(Condition.attributeEquals("n", Value.of(na))),
                        Write.put(t, b.toBuilder().put("n", nb + amount).build())
                                .when(Condition.attributeEquals("n", Value.of(nb)))));
                return;
            } catch (ConditionFailedException retry) {
                Thread.onSpinWait();
            }
        }
    }

    private static long sum(List<Item> items) {
        assertEquals(2, items.size());
        return items.stream().mapToLong(i -> i.getLong("n").orElseThrow()).sum();
    }

    @Test
    void periodicCommitsMakeWritesDurableUnasked() throws Exception {
        try (Store store = LuceneStore.builder().path(dir).commitEvery(java.time.Duration.ofMillis(50)).build()) {
            store.createTable(TableSpec.named("t"));
            for (int i = 0; i < 20; i++) {
                store.put("t", Item.builder("p", "s" + i).build());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            int committed = 0;
            while (committed < 20 && System.nanoTime() < deadline) {
                Thread.sleep(50);
                try (FSDirectory d = FSDirectory.open(dir); DirectoryReader r = DirectoryReader.open(d)) {
                    committed = r.numDocs();
                }
            }
            assertEquals(20, committed, "documents in the last commit");
        }
    }
}
