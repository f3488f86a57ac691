package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StorageFootprintSuite;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The footprint suite on an index in a directory on disk (the kit runs it on the in-memory index). */
class LuceneFootprintTest extends StorageFootprintSuite {
    @TempDir
    static Path directory;

    @Override
    protected StoreBackend openBackend() {
        return LuceneStore.builder().path(directory).buildBackend();
    }
}
