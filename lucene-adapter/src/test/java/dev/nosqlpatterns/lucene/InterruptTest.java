package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread interrupted while it writes to an index on disk (as Spark SQL interrupts the tasks it cancels) must
 * neither fail its write nor close the writer that every other thread shares: an interrupt reaching Lucene's file
 * I/O closes its channel, and the writer closes itself on that tragic event.
 */
class InterruptTest {
    @TempDir
    Path dir;

    @Test
    void writesOfAnInterruptedThreadSucceedAndLeaveTheIndexOpen() throws Exception {
        try (Store store = LuceneStore.builder().path(dir).build()) {
            store.createTable(TableSpec.named("t"));
            for (int i = 0; i < 20; i++) {
                Thread.currentThread().interrupt();
                try {
                    store.put("t", Item.builder("p", "s" + i).put("i", i).build());
                    store.nativeGeo().putPoint("g", "s" + i, 1 + i * 0.01, 2);
                    store.textSearch().indexDocument("x", "s" + i, Map.of("body", "word " + i));
                    assertEquals(i, store.get("t", Key.of("p", "s" + i)).orElseThrow().getLong("i").orElseThrow());
                    assertTrue(Thread.currentThread().isInterrupted(), "the thread's interrupt status was lost");
                } finally {
                    Thread.interrupted();
                }
            }
            Thread writer = new Thread(() -> store.put("t", Item.builder("p", "other").put("i", -1).build()));
            writer.start();
            writer.join();
            assertEquals(21, store.scanAll(Scan.of("t")).count(), "a write of another thread after the interrupts");
            assertEquals(20, store.nativeGeo().nearest("g", 1, 2, 100).size());
        }
        try (Store reopened = LuceneStore.builder().path(dir).build()) {
            reopened.createTable(TableSpec.named("t"));
            assertEquals(21, reopened.scanAll(Scan.of("t")).count(), "every write was committed");
        }
    }
}
