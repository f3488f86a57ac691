package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The index backfill and verify written by hand with a store's official driver ({@link Loader#scan}, {@link
 * Loader#write}), on the adapter's physical layout: what a competent engineer would write to build an index table
 * of a base table once, and to check it, without the library. Why: the bulk family compares the library's jobs
 * with these, as it compares its loads with hand-written ones.
 *
 * <p>The backfill scans the base table a page at a time and writes each page's entries (built as {@link
 * BulkLoadCells} builds them: key, {@code ref}, {@code at}, {@code tok}, {@code gen}) with the driver's fastest
 * bulk write, without reading the index first: it is meant for a fresh index table. The verify scans the base
 * table, keeps the key of the entry each item calls for in memory, then scans the index table and checks every
 * entry against that set (its key, and the item its {@code ref} names): an item without its entry is missing, an
 * entry no item calls for is stale. The non-unique index it checks has no duplicates.
 */
final class HandIndexJobs {
    /** Items or entries per scan page and per bulk write. */
    static final int PAGE = 1_000;

    private HandIndexJobs() {
    }

    /**
     * What a job found, in the library's terms, and the requests it sent to the store.
     *
     * @param drift    for a backfill: items scanned and entries written (as missing ones added); for a verify: the
     *                 items and entries checked and the drift found
     * @param requests the requests sent, a pipeline or a bulk request counting as one
     */
    record Run(IndexVerification drift, long requests) {
    }

    /** Builds the index on {@code attribute} of {@code base} into {@code indexTable}, which must be empty. */
    static Run backfill(Loader loader, String base, String indexTable, String attribute) {
        long[] counts = new long[3];
        long scans = loader.scan(base, PAGE, items -> {
            long now = System.currentTimeMillis();
            List<Item> entries = new ArrayList<>(items.size());
            for (Item item : items) {
                item.getString(attribute).ifPresent(v -> entries.add(BulkLoadCells.entry(v, item.key(), now)));
            }
            counts[0] += items.size();
            counts[1] += entries.size();
            if (!entries.isEmpty()) {
                counts[2] += loader.write(indexTable, entries);
            }
        });
        return new Run(new IndexVerification(counts[0], 0, counts[1], 0, 0, List.of(), List.of(), List.of()),
                scans + counts[2]);
    }

    /** Checks the index on {@code attribute} of {@code base} in {@code indexTable} against the base table. */
    static Run verify(Loader loader, String base, String indexTable, String attribute) {
        // the key of the entry each item calls for, and the item's
        Map<Key, Key> expected = new HashMap<>();
        long[] items = new long[1];
        long requests = loader.scan(base, PAGE, page -> {
            items[0] += page.size();
            for (Item item : page) {
                item.getString(attribute).ifPresent(v -> expected.put(BulkLoadCells.entryKey(v, item.key()), item.key()));
            }
        });
        Set<Key> found = new HashSet<>(expected.size() * 2);
        List<Key> stale = new ArrayList<>();
        long[] entries = new long[2];
        requests += loader.scan(indexTable, PAGE, page -> {
            entries[0] += page.size();
            for (Item entry : page) {
                if (matches(entry) && expected.containsKey(entry.key()) && found.add(entry.key())) {
                    continue;
                }
                entries[1]++;
                if (stale.size() < IndexVerification.SAMPLE) {
                    stale.add(entry.key());
                }
            }
        });
        List<Key> missing = expected.entrySet().stream().filter(e -> !found.contains(e.getKey())).map(Map.Entry::getValue)
                .limit(IndexVerification.SAMPLE).toList();
        return new Run(new IndexVerification(items[0], entries[0], expected.size() - found.size(), entries[1], 0,
                missing, stale, List.of()), requests);
    }

    /** Whether an entry names in {@code ref} the base item its key was built from. */
    private static boolean matches(Item entry) {
        Optional<String> ref = entry.getString("ref");
        return ref.isPresent() && ref.get().equals(entry.key().sort());
    }
}
