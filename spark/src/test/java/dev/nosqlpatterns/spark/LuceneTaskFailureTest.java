package dev.nosqlpatterns.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** Tasks that die at every write step, and invalid rows, on a Lucene index in a directory. */
class LuceneTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        try {
            return "lucene:" + Files.createTempDirectory("nosqlpatterns-spark-faults").toAbsolutePath()
                    + "?commit=explicit";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
