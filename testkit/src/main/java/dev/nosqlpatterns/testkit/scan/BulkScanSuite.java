package dev.nosqlpatterns.testkit.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.scan.BulkScan;
import dev.nosqlpatterns.scan.ScanInterruptedException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Scans done well: segmented and paged, under a rate budget, resumable after a failure. */
public abstract class BulkScanSuite extends StoreSuite {

    private String seeded(int count) {
        String t = newTable();
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            writes.add(Write.put(t, Item.builder("p" + (i % 37), "s" + i).put("data", "x".repeat(300)).build()));
        }
        store.writeBatch(writes);
        return t;
    }

    @Test
    void everyItemOnceAcrossParallelSegments() {
        String t = seeded(300);
        Set<Key> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        BulkScan.ScanReport report = BulkScan.of(store, t).segments(4).pageSize(25).forEach(i -> {
            seen.add(i.key());
            calls.incrementAndGet();
        });
        assertEquals(300, report.items());
        assertEquals(300, calls.get());
        assertEquals(300, seen.size());
        assertTrue(report.pages() >= 12, "pages: " + report.pages());
        assertTrue(report.capacityUnits() > 0, "capacity reported or estimated");
    }

    @Test
    void aBudgetOfItemsPerSecondSlowsTheScan() {
        String t = seeded(120);
        BulkScan.ScanReport report = BulkScan.of(store, t).segments(2).pageSize(20).itemsPerSecond(200).forEach(i -> { });
        assertEquals(120, report.items());
        assertTrue(report.throttled().toMillis() > 0, "the budget made the scan wait: " + report);
    }

    @Test
    void aFailedScanResumesWhereEachSegmentStopped() {
        String t = seeded(200);
        Set<Key> done = ConcurrentHashMap.newKeySet();
        AtomicInteger processed = new AtomicInteger();
        ScanInterruptedException e = assertThrows(ScanInterruptedException.class, () ->
                BulkScan.of(store, t).segments(2).pageSize(10).forEach(i -> {
                    if (processed.incrementAndGet() == 95) {
                        throw new IllegalStateException("bulk action failed");
                    }
                    done.add(i.key());
                }));
        assertTrue(e.getMessage().contains("resumeFrom"), e.getMessage());
        Set<Key> rest = ConcurrentHashMap.newKeySet();
        BulkScan.of(store, t).segments(2).pageSize(10).resumeFrom(e.positions()).forEach(i -> rest.add(i.key()));
        Set<Key> all = ConcurrentHashMap.newKeySet();
        all.addAll(done);
        all.addAll(rest);
        assertEquals(200, all.size(), "together the runs cover the table");
        assertTrue(rest.size() < 200, "the resumed run did not start over: " + rest.size());
    }
}
