package dev.nosqlpatterns.lucene.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * One in-memory Lucene index for the whole JVM, the embedded default of tests, examples and benchmarks:
 * Lucene needs no server, so "starting" it is opening a writer, done once on first use and closed by a
 * shutdown hook. Stores built on it with {@code LuceneStore.builder().indexWriter(EmbeddedLucene.writer())}
 * share its data, as clients of one server would; closing them leaves the index open. {@link #newWriter()} opens
 * another index, independent of it, as a second server would be.
 */
public final class EmbeddedLucene {
    private static IndexWriter writer;

    private EmbeddedLucene() {
    }

    /** The shared writer, opened on the first call. */
    public static synchronized IndexWriter writer() {
        if (writer == null) {
            IndexWriter w = newWriter();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> close(w), "embedded-lucene-close"));
            writer = w;
        }
        return writer;
    }

    /**
     * A writer on a new, empty in-memory index of its own, configured as the shared one: a second, independent
     * index, e.g. for a tenant kept apart from the shared index's. The caller closes it; its data goes with it.
     */
    public static IndexWriter newWriter() {
        try {
            // As the adapter's own in-memory writers: refreshes flush small segments without compound
            // files and without waiting for merges, which run in the writing thread.
            IndexWriterConfig config = new IndexWriterConfig().setUseCompoundFile(false)
                    .setMaxFullFlushMergeWaitMillis(0).setMergeScheduler(new SerialMergeScheduler());
            return new IndexWriter(new ByteBuffersDirectory(), config);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open an embedded in-memory Lucene index", e);
        }
    }

    private static void close(IndexWriter w) {
        try {
            w.close();
        } catch (IOException | RuntimeException e) {
            // the JVM is exiting and the index lives in memory: nothing is lost
        }
    }
}
