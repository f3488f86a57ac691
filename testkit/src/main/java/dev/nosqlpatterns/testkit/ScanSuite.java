package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Scans read a whole table, split into disjoint segments, page by page, every item exactly once. */
public abstract class ScanSuite extends StoreSuite {

    private Set<Key> seeded(String t, int partitions, int perPartition) {
        Set<Key> keys = new HashSet<>();
        List<Write> writes = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            for (int s = 0; s < perPartition; s++) {
                Key k = Key.of("part" + p, "s" + s);
                keys.add(k);
                writes.add(Write.put(t, Item.builder(k).put("p", p).build()));
            }
        }
        store.writeBatch(writes);
        return keys;
    }

    private List<Key> scanPages(Scan first) {
        List<Key> out = new ArrayList<>();
        Scan s = first;
        for (int guard = 0; guard < 10_000; guard++) {
            Page page = store.scan(s);
            assertTrue(page.items().size() <= s.limit(), "page larger than its limit");
            page.items().forEach(i -> out.add(i.key()));
            if (page.next().isEmpty()) {
                return out;
            }
            s = first.after(page.next().get());
        }
        throw new AssertionError("scan did not end");
    }

    @Test
    void aScanReturnsEveryItemOnce() {
        String t = newTable();
        Set<Key> keys = seeded(t, 13, 9);
        List<Key> scanned = scanPages(Scan.of(t).limit(10));
        assertEquals(keys.size(), scanned.size(), "no item twice");
        assertEquals(keys, new HashSet<>(scanned));
    }

    @Test
    void segmentsAreDisjointAndCoverTheTable() {
        String t = newTable();
        Set<Key> keys = seeded(t, 40, 3);
        List<Key> all = new ArrayList<>();
        int nonEmpty = 0;
        for (int seg = 0; seg < 4; seg++) {
            List<Key> part = scanPages(Scan.of(t).segment(seg, 4).limit(7));
            nonEmpty += part.isEmpty() ? 0 : 1;
            all.addAll(part);
        }
        assertEquals(keys.size(), all.size(), "segments overlap or miss items");
        assertEquals(keys, new HashSet<>(all));
        assertTrue(nonEmpty >= 2, "40 partitions should spread over several of 4 segments");
    }

    @Test
    void aScanReadsOneTableOnly() {
        String t = newTable();
        String other = newTable();
        Set<Key> keys = seeded(t, 3, 3);
        seeded(other, 4, 4);
        assertEquals(keys, new HashSet<>(scanPages(Scan.of(t))));
    }

    @Test
    void eachPartitionComesTogetherAndInSortOrder() {
        String t = newTable();
        seeded(t, 12, 15);
        for (int seg = 0; seg < 2; seg++) {
            List<Key> keys = scanPages(Scan.of(t).segment(seg, 2).limit(4));
            java.util.Set<String> finished = new HashSet<>();
            for (int i = 0; i < keys.size(); i++) {
                Key k = keys.get(i);
                if (i > 0 && !keys.get(i - 1).partition().equals(k.partition())) {
                    assertTrue(finished.add(keys.get(i - 1).partition()), "partition split: " + keys);
                    assertTrue(!finished.contains(k.partition()), "partition " + k.partition() + " resumed later");
                }
                if (i > 0 && keys.get(i - 1).partition().equals(k.partition())) {
                    assertTrue(dev.nosqlpatterns.key.Utf8Order.compare(keys.get(i - 1).sort(), k.sort()) < 0,
                            "sort order inside partition " + k.partition());
                }
            }
        }
    }

    @Test
    void anEmptyTableScansToNothing() {
        String t = newTable();
        Page page = store.scan(Scan.of(t));
        assertEquals(List.of(), page.items());
        assertEquals(false, page.hasNext());
        for (int seg = 0; seg < 3; seg++) {
            assertEquals(List.of(), scanPages(Scan.of(t).segment(seg, 3)));
        }
    }

    @Test
    void scanAllStreamsASegment() {
        String t = newTable();
        Set<Key> keys = seeded(t, 5, 20);
        assertEquals(keys.size(), store.scanAll(Scan.of(t).limit(9)).count());
    }

    @Test
    void aScanCursorIsBoundToItsSegment() {
        String t = newTable();
        seeded(t, 20, 5);
        Cursor cursor = null;
        for (int seg = 0; seg < 2 && cursor == null; seg++) {
            cursor = store.scan(Scan.of(t).segment(seg, 2).limit(2)).next().orElse(null);
        }
        Cursor c = cursor;
        assertThrows(InvalidRequestException.class, () -> store.scan(Scan.of(t).segment(1, 3).limit(2).after(c)));
    }
}
