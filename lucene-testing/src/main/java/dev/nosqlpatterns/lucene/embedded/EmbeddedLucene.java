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
 * share its data, as clients of one server would; closing them leaves the index open.
 */
public final class EmbeddedLucene {
    private static IndexWriter writer;

    private EmbeddedLucene() {
    }

    /** The shared writer, opened on the first call. */
    public static synchronized IndexWriter writer() {
        if (writer == null) {
            try {
                // As the adapter's own in-memory writers: refreshes flush small segments without compound
                // files and without waiting for merges, which run in the writing thread.
                IndexWriterConfig config = new IndexWriterConfig().setUseCompoundFile(false)
                        .setMaxFullFlushMergeWaitMillis(0).setMergeScheduler(new SerialMergeScheduler());
                IndexWriter w = new IndexWriter(new ByteBuffersDirectory(), config);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> close(w), "embedded-lucene-close"));
                writer = w;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the embedded in-memory Lucene index", e);
            }
        }
        return writer;
    }

    private static void close(IndexWriter w) {
        try {
            w.close();
        } catch (IOException | RuntimeException e) {
            // the JVM is exiting and the index lives in memory: nothing is lost
        }
    }
}
