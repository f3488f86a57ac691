package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The builder and URIs: every problem reported at once, and indexes that persist or not as asked. */
class LuceneStoreBuilderTest {
    @TempDir
    Path dir;

    @Test
    void problemsAreReportedTogether() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LuceneStore.builder()
                .inMemory().path(dir).commitEvery(Duration.ZERO).pathAttribute("").buildBackend());
        assertTrue(e.getMessage().contains("only once"), e.getMessage());
        assertTrue(e.getMessage().contains("commit interval"), e.getMessage());
        assertTrue(e.getMessage().contains("path attribute"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LuceneStore.builder().buildBackend());
        assertTrue(e.getMessage().contains("inMemory()"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LuceneStore.builder().inMemory()
                .limits(new Limits(1000, 30_000, 30_000, 10, 10_000)).buildBackend());
        assertTrue(e.getMessage().contains("Lucene term"), e.getMessage());
    }

    @Test
    void badUrisAreRefusedWithTheFormToUse() {
        for (String uri : new String[] {"lucene:relative/dir", "lucene://host/dir", "lucene:/x?commit=soon",
                "lucene:/x?flush=1", "redis://localhost"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LuceneStore.builder().uri(uri).buildBackend(), uri);
            assertTrue(e.getMessage().contains(uri.substring(0, 8)), e.getMessage());
        }
    }

    @Test
    void aUriOpensAnIndexOnDiskThatOutlivesTheStore() {
        String uri = "lucene:" + dir.toUri().getPath() + "?commit=250ms";
        try (Store store = Stores.open(uri)) {
            assertEquals("lucene", store.kind());
            assertTrue(store.has(Capability.ATOMIC_WRITES));
            assertTrue(!store.has(Capability.SHARED_ACROSS_PROCESSES));
            store.createTable(TableSpec.named("t"));
            store.put("t", Item.builder("p", "s").put("v", 1).build());
        }
        try (Store store = LuceneStore.builder().path(dir).build()) {
            store.createTable(TableSpec.named("t"));
            assertEquals(1L, store.get("t", Key.of("p", "s")).orElseThrow().getLong("v").orElseThrow());
        }
    }

    @Test
    void twoStoresOnOnePathShareTheIndexAndItsLocks() {
        try (Store a = LuceneStore.builder().path(dir).commitExplicitly().build();
             Store b = LuceneStore.builder().path(dir).commitExplicitly().build()) {
            a.createTable(TableSpec.named("t"));
            b.createTable(TableSpec.named("t"));
            a.put("t", Item.builder("p", "s").build());
            assertTrue(b.get("t", Key.of("p", "s")).isPresent());
            b.extension(LuceneCommits.class).orElseThrow().commit();
        }
    }

    @Test
    void memoryStoresAreFreshEachTime() {
        try (Store a = Stores.open("lucene:memory"); Store b = Stores.open("lucene:memory")) {
            a.createTable(TableSpec.named("t"));
            b.createTable(TableSpec.named("t"));
            a.put("t", Item.builder("p", "s").build());
            assertTrue(b.get("t", Key.of("p", "s")).isEmpty());
        }
    }

    @Test
    void anApplicationsDirectoryIsWrittenThroughButNeverClosed() throws Exception {
        try (org.apache.lucene.store.Directory directory = new org.apache.lucene.store.ByteBuffersDirectory()) {
            try (Store store = LuceneStore.builder().directory(directory).build()) {
                store.createTable(TableSpec.named("t"));
                store.put("t", Item.builder("p", "s").put("v", 7).build());
            }
            try (org.apache.lucene.index.DirectoryReader reader =
                         org.apache.lucene.index.DirectoryReader.open(directory)) {
                assertTrue(reader.numDocs() > 0, "the store committed into the directory, still open");
            }
            try (Store again = LuceneStore.builder().directory(directory).build()) {
                again.createTable(TableSpec.named("t"));
                assertEquals(7L, again.get("t", Key.of("p", "s")).orElseThrow().getLong("v").orElseThrow());
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LuceneStore.builder().directory(null).buildBackend());
        assertTrue(e.getMessage().contains("directory must not be null"), e.getMessage());
    }
}
