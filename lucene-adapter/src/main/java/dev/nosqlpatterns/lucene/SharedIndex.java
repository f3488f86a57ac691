package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * One open index and what every backend writing through it must share: the writer, the searchers, the
 * writes not yet visible to them, the per-key locks that make conditions and updates atomic, and the
 * declared tables. Backends opened on the same writer (or the same path) in one JVM get the same
 * instance, counted, so that their locks exclude each other; the last one to close releases it.
 *
 * <p>Read-your-writes without a refresh per write: item writes stay readable in {@link #pending} until
 * a refresh has made them visible; reads by key and partition queries combine them with the searcher,
 * and every other read first calls {@link #fresh()}, which refreshes when anything was written since the
 * last refresh.
 */
final class SharedIndex {
    private static final Map<Object, SharedIndex> OPEN = new HashMap<>();
    private static final int STRIPES = 1024;

    final IndexWriter writer;
    final SearcherManager searchers;
    final Map<String, TableSpec> tables = new ConcurrentHashMap<>();
    private final Object identity;
    private final Ownership ownership;
    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
    final PendingWrites pending;
    /** Whether the index lives in memory, where no I/O can be interrupted. */
    final boolean inMemory;
    private final AtomicLong lastWrite = new AtomicLong();
    private final AtomicLong visible = new AtomicLong();
    private int references;

    /** What the last backend to close an index closes besides its searchers. */
    enum Ownership {
        /** Nothing: the writer is the application's. */
        NONE,
        /** The writer, not the directory, which is the application's. */
        WRITER,
        /** The writer and its directory, both opened by the store. */
        WRITER_AND_DIRECTORY
    }

    private SharedIndex(Object identity, IndexWriter writer, Ownership ownership) throws IOException {
        this.identity = identity;
        this.writer = writer;
        this.ownership = ownership;
        this.inMemory = FilterDirectory.unwrap(writer.getDirectory()) instanceof ByteBuffersDirectory;
        this.searchers = new SearcherManager(writer, true, false, null);
        this.pending = new PendingWrites(highestVersion());
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    /** The highest item version in the index, so that new versions are above those of earlier runs. */
    private long highestVersion() throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            long max = 0;
            for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                NumericDocValues versions = leaf.reader().getNumericDocValues(Docs.VERSION);
                if (versions != null) {
                    for (int d = versions.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = versions.nextDoc()) {
                        max = Math.max(max, versions.longValue());
                    }
                }
            }
            return max;
        } finally {
            searchers.release(searcher);
        }
    }

    /** Opens a writer; called at most once per identity while an instance for it is open. */
    interface Opener {
        IndexWriter open() throws IOException;
    }

    /** The open instance for {@code identity}, or a new one over the writer {@code opener} gives. */
    static SharedIndex acquire(Object identity, Opener opener, Ownership ownership) throws IOException {
        synchronized (OPEN) {
            SharedIndex index = OPEN.get(identity);
            if (index == null) {
                IndexWriter writer = opener.open();
                try {
                    index = new SharedIndex(identity, writer, ownership);
                } catch (IOException | RuntimeException e) {
                    close(writer, ownership);
                    throw e;
                }
                OPEN.put(identity, index);
            }
            index.references++;
            return index;
        }
    }

    /** Gives one reference back; the last closes the searchers, and the writer when it was opened here. */
    void release() throws IOException {
        synchronized (OPEN) {
            if (--references > 0) {
                return;
            }
            OPEN.remove(identity);
        }
        io(() -> {
            try {
                searchers.close();
            } finally {
                close(writer, ownership);
            }
            return null;
        });
    }

    /**
     * Runs a call that writes files (a write, commit, refresh or close of the writer) where no interrupt of the
     * calling thread can reach its I/O: see {@link Uninterruptible}. In memory it runs here.
     */
    <T> T io(Failures.IoCall<T> call) throws IOException {
        return inMemory ? call.call() : Uninterruptible.run(call);
    }

    private static void close(IndexWriter writer, Ownership ownership) throws IOException {
        if (ownership == Ownership.NONE) {
            return;
        }
        try {
            writer.close();
        } finally {
            if (ownership == Ownership.WRITER_AND_DIRECTORY) {
                writer.getDirectory().close();
            }
        }
    }

    IndexSearcher acquireSearcher() throws IOException {
        return searchers.acquire();
    }

    void releaseSearcher(IndexSearcher searcher) throws IOException {
        searchers.release(searcher);
    }

    /** Records a write of other documents than items, with the writer's sequence number of it. */
    void written(long sequence) throws IOException {
        lastWrite.accumulateAndGet(sequence, Math::max);
    }

    /** Records the items a write left (null values for deletes), readable at once. */
    void written(long version, long sequence, Map<BytesRef, Item> items) throws IOException {
        pending.record(version, sequence, items);
        written(sequence);
        if (pending.large()) {
            fresh();
        }
    }

    /** Makes every write completed so far visible to searchers acquired from now on. */
    void fresh() throws IOException {
        if (lastWrite.get() <= visible.get()) {
            return;
        }
        io(() -> {
            long upTo = writer.getMaxCompletedSequenceNumber();
            searchers.maybeRefreshBlocking();
            visible.accumulateAndGet(upTo, Math::max);
            pending.visibleUpTo(upTo);
            return null;
        });
    }

    /** Refreshes after the delete of a whole table (sequence number given) and forgets its pending writes. */
    void dropped(long sequence, byte[] tablePrefix) throws IOException {
        written(sequence);
        fresh();
        pending.clear(new BytesRef(tablePrefix), ItemReads.end(tablePrefix));
    }

    /** Runs {@code body} holding the stripe locks of the given item terms, taken in a fixed order (no deadlock). */
    void locked(Collection<BytesRef> terms, Runnable body) {
        int[] ids = terms.stream().mapToInt(t -> Math.floorMod(t.hashCode(), STRIPES)).distinct().sorted().toArray();
        int locked = 0;
        try {
            for (int id : ids) {
                stripes[id].lock();
                locked++;
            }
            body.run();
        } finally {
            for (int i = locked - 1; i >= 0; i--) {
                stripes[ids[i]].unlock();
            }
        }
    }
}
