package dev.nosqlpatterns.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** The data source and the jobs on a Lucene index in a directory. */
class LuceneJobsTest extends StoreJobsContract {
    @Override
    protected String storeUri() {
        try {
            return "lucene:" + Files.createTempDirectory("nosqlpatterns-spark-lucene").toAbsolutePath() + "?commit=explicit";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
