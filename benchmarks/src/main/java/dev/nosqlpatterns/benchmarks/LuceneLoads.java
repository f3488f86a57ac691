package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.lucene.LuceneStore;
import dev.nosqlpatterns.store.Store;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The stores of the hand-written Lucene loads ({@link BulkLoadCells}): each load writes with an {@link IndexWriter}
 * of its own on an in-memory directory, on which a {@link LuceneStore} declares the tables; the read-back opens a
 * second store on the same writer. Why: a Lucene store keeps its writes readable without a refresh of its searcher,
 * which code outside it cannot trigger, so the documents written by hand become readable through the library only
 * in a store opened after them, once the load's store is closed (stores on one writer share its searchers).
 */
final class LuceneLoads implements BulkLoadCells.LoadStores, AutoCloseable {
    private final Map<Store, IndexWriter> writers = new ConcurrentHashMap<>();
    private final List<Store> opened = new ArrayList<>();

    @Override
    public synchronized Store forLoad(int load) {
        try {
            IndexWriter writer = new IndexWriter(new ByteBuffersDirectory(), new IndexWriterConfig());
            Store store = LuceneStore.builder().indexWriter(writer).build();
            writers.put(store, writer);
            opened.add(store);
            return store;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized Store forReadBack(Store loaded) {
        IndexWriter writer = writer(loaded);
        // stores on one writer share its searchers while any is open: the load's is closed first, so that the new
        // one opens a reader of everything the writer holds
        if (opened.remove(loaded)) {
            loaded.close();
        }
        Store store = LuceneStore.builder().indexWriter(writer).build();
        writers.put(store, writer);
        opened.add(store);
        return store;
    }

    /** The writer under {@code store}. */
    IndexWriter writer(Store store) {
        IndexWriter writer = writers.get(store);
        if (writer == null) {
            throw new IllegalArgumentException("not a store of these loads: " + store);
        }
        return writer;
    }

    /** Closes every store opened, then every writer. */
    @Override
    public synchronized void close() {
        opened.forEach(Store::close);
        opened.clear();
        for (IndexWriter w : new java.util.HashSet<>(writers.values())) {
            try {
                w.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        writers.clear();
    }
}
