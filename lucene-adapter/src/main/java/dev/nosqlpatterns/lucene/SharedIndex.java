package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.TableSpec;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.BytesRef;

/**
 * One open index and what every backend writing through it must share: the writer, the searcher
 * manager that gives read-your-writes, the per-key locks that make conditions and updates atomic, and
 * the declared tables. Backends opened on the same writer (or the same path) in one JVM get the same
 * instance, counted, so that their locks exclude each other; the last one to close releases it.
 */
final class SharedIndex {
    private static final Map<Object, SharedIndex> OPEN = new HashMap<>();
    private static final int STRIPES = 1024;

    final IndexWriter writer;
    final SearcherManager searchers;
    final Map<String, TableSpec> tables = new ConcurrentHashMap<>();
    private final Object identity;
    private final boolean ownsWriter;
    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
    private int references;

    private SharedIndex(Object identity, IndexWriter writer, boolean ownsWriter) throws IOException {
        this.identity = identity;
        this.writer = writer;
        this.ownsWriter = ownsWriter;
        this.searchers = new SearcherManager(writer, true, false, null);
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    /** Opens a writer; called at most once per identity while an instance for it is open. */
    interface Opener {
        IndexWriter open() throws IOException;
    }

    /** The open instance for {@code identity}, or a new one over the writer {@code opener} gives. */
    static SharedIndex acquire(Object identity, Opener opener, boolean ownsWriter) throws IOException {
        synchronized (OPEN) {
            SharedIndex index = OPEN.get(identity);
            if (index == null) {
                IndexWriter writer = opener.open();
                try {
                    index = new SharedIndex(identity, writer, ownsWriter);
                } catch (IOException | RuntimeException e) {
                    if (ownsWriter) {
                        writer.close();
                        writer.getDirectory().close();
                    }
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
        try {
            searchers.close();
        } finally {
            if (ownsWriter) {
                try {
                    writer.close();
                } finally {
                    writer.getDirectory().close();
                }
            }
        }
    }

    IndexSearcher acquireSearcher() throws IOException {
        return searchers.acquire();
    }

    void releaseSearcher(IndexSearcher searcher) throws IOException {
        searchers.release(searcher);
    }

    /** Makes every write completed so far visible to searchers acquired from now on. */
    void refresh() throws IOException {
        searchers.maybeRefreshBlocking();
    }

    /** Locks the stripes of the given item terms in a fixed order, so that lockers never deadlock. */
    Locks lock(Collection<BytesRef> terms) {
        int[] ids = terms.stream().mapToInt(t -> Math.floorMod(t.hashCode(), STRIPES)).distinct().sorted().toArray();
        int locked = 0;
        try {
            for (int id : ids) {
                stripes[id].lock();
                locked++;
            }
        } catch (RuntimeException | Error e) {
            for (int i = locked - 1; i >= 0; i--) {
                stripes[ids[i]].unlock();
            }
            throw e;
        }
        return new Locks(ids);
    }

    /** Held stripe locks, released by {@link #close()}. */
    final class Locks implements AutoCloseable {
        private final int[] ids;

        private Locks(int[] ids) {
            this.ids = Arrays.copyOf(ids, ids.length);
        }

        @Override
        public void close() {
            for (int i = ids.length - 1; i >= 0; i--) {
                stripes[ids[i]].unlock();
            }
        }
    }
}
