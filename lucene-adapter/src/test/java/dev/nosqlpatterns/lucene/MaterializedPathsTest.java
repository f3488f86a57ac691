package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Path-hierarchy terms: a subtree is one term query, and siblings with a common prefix stay out. */
class MaterializedPathsTest {
    private Store store;
    private MaterializedPaths paths;
    private final String table = "tree" + System.nanoTime();

    @BeforeEach
    void open() {
        store = Store.of(LuceneFixture.openBackend(b -> b.pathAttribute("path")));
        store.createTable(TableSpec.named(table));
        paths = store.extension(MaterializedPaths.class).orElseThrow();
        for (String p : List.of("/a", "/a/b", "/a/b/c", "/a/bc", "/d")) {
            store.put(table, Item.builder("node", p).put("path", p).build());
        }
    }

    @AfterEach
    void close() {
        store.dropTable(table);
        store.close();
    }

    private List<String> subtree(String path) {
        return paths.subtree(table, "path", path, 100).stream().map(i -> i.key().sort()).toList();
    }

    @Test
    void subtreeReadsAreMeteredAndTheBackendIsNotHandedOut() {
        List<dev.nosqlpatterns.store.model.OperationCost> costs = new java.util.ArrayList<>();
        store.measure(costs::add, () -> {
            assertEquals(2, paths.subtree(table, "path", "/a/b", 100).size());
        });
        assertEquals(1, costs.size(), costs.toString());
        assertEquals("MaterializedPaths.subtree", costs.get(0).operation());
        assertEquals(table, costs.get(0).table());
        assertEquals(2, costs.get(0).itemsRead());
        assertTrue(!(paths instanceof dev.nosqlpatterns.store.spi.StoreBackend), "a stand-in, not the backend");
        assertThrows(IllegalArgumentException.class, () -> paths.subtree(table, null, "/a", 1));
    }

    @Test
    void aSubtreeHoldsThePathAndItsDescendantsOnly() {
        assertEquals(List.of("/a/b", "/a/b/c"), subtree("/a/b"));
        assertEquals(List.of("/a", "/a/b", "/a/b/c", "/a/bc"), subtree("/a"));
        assertEquals(List.of(), subtree("/x"));
    }

    @Test
    void movesAndDeletesFollow() {
        store.put(table, Item.builder("node", "/a/b/c").put("path", "/d/c").build());
        store.delete(table, Key.of("node", "/a/bc"));
        assertEquals(List.of("/a", "/a/b"), subtree("/a"));
        assertEquals(List.of("/a/b/c", "/d"), subtree("/d"));
    }

    @Test
    void aPathTooLongForATermIsRefusedAndNothingIsWritten() {
        String huge = "/" + "x".repeat(40_000);
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> store.put(table, Item.builder("node", "/a").put("path", huge).build()));
        assertTrue(e.getMessage().contains(table), e.getMessage());
        assertEquals("/a", store.get(table, Key.of("node", "/a")).orElseThrow().getString("path").orElseThrow());
        assertEquals(List.of("/a", "/a/b", "/a/b/c", "/a/bc"), subtree("/a"));
    }

    @Test
    void onlyDeclaredAttributesArePaths() {
        assertThrows(IllegalArgumentException.class, () -> paths.subtree(table, "other", "/a", 10));
    }
}
