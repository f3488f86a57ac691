package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StorageFootprintSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The footprint suite on an index in a directory on disk (the kit runs it on the in-memory index). */
class LuceneFootprintTest extends StorageFootprintSuite {
    private static final Path DIRECTORY = temporary();

    private static Path temporary() {
        try {
            return Files.createTempDirectory("nsp-footprint");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected StoreBackend openBackend() {
        return LuceneStore.builder().path(DIRECTORY).buildBackend();
    }
}
