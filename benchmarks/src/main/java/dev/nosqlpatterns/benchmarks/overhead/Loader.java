package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import java.util.List;

/**
 * A bulk load written by hand with a store's official driver, on the physical layout the store's adapter uses:
 * the items of a base table with the entries of one unique index table and one non-unique index table, written
 * the way a competent engineer would load them on that store (pipelines, asynchronous statements, bulk writes,
 * batches of 25). The bulk family compares it with {@code EntityRepository.saveAll} on the same data; the
 * entries are built by the caller in the library's entry layout, so that the library can read and verify what
 * this wrote. Why: it tells what the library's exact index upkeep costs over the fastest load a person would
 * write for a fresh table. Loads are not atomic.
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

    @Override
    void close();
}
