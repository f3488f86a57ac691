package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.function.Consumer;

/**
 * A bulk load written by hand with a store's official driver, on the physical layout the store's adapter uses:
 * the items of a base table with the entries of one unique index table and one non-unique index table, written
 * the way a competent engineer would load them on that store (pipelines, asynchronous statements, bulk writes,
 * batches of 25). The bulk family compares it with {@code EntityRepository.saveAll} on the same data; the
 * entries are built by the caller in the library's entry layout, so that the library can read and verify what
 * this wrote. Why: it tells what the library's exact index upkeep costs over the fastest load a person would
 * write for a fresh table. Loads are not atomic.
 *
 * <p>The same driver code also scans a table and writes items in bulk ({@link #scan}, {@link #write}), which the
 * hand-written index backfill and verify of the bulk family are made of: they read the base table and the index
 * table as stored by the adapter, and write the entries with the fastest call the driver has.
 */
public interface Loader extends AutoCloseable {
    /**
     * Writes one chunk: each unique entry only if no entry has its key (all of them before any item is written),
     * then the items and the index entries.
     *
     * @return the requests sent to the store (a pipeline or a bulk request counts as one)
     * @throws IllegalStateException when a unique entry's key was taken; the chunk's items are not written then
     */
    long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
              List<Item> entries);

    /** Ends a load after its last chunk (Lucene commits); returns the requests sent. Nothing by default. */
    default long finish() {
        return 0;
    }

    /** How this loader writes, in a few words for the report: its requests and how a unique entry is claimed. */
    String how();

    /**
     * Reads every item of {@code table} as the library decodes it, handing them to {@code each} a page of about
     * {@code page} items at a time (in no particular order; never concurrently).
     *
     * @return the requests sent to the store (a pipeline counts as one)
     */
    default long scan(String table, int page, Consumer<List<Item>> each) {
        throw new UnsupportedOperationException("no hand-written scan for this store");
    }

    /**
     * Writes {@code items} into {@code table}, replacing any item with the same key, with the driver's fastest
     * path; not atomic.
     *
     * @return the requests sent to the store (a pipeline or a bulk request counts as one)
     */
    default long write(String table, List<Item> items) {
        throw new UnsupportedOperationException("no hand-written bulk write for this store");
    }

    /** How {@link #scan} and {@link #write} go, in a few words for the report. */
    default String howScanAndWrite() {
        return "none";
    }

    @Override
    void close();
}
