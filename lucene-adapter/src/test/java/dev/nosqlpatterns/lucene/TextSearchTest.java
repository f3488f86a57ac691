package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.TextSearchCalls;
import dev.nosqlpatterns.store.spi.TextSearch;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Phrase search with slop and span-near search, the proximity queries behind the flattening techniques. */
class TextSearchTest {
    private Store store;
    private TextSearchCalls text;
    private ProximitySearch near;
    private final String index = "docs" + System.nanoTime();

    @BeforeEach
    void open() {
        store = Store.of(LuceneFixture.openBackend());
        text = store.textSearch();
        near = store.extension(ProximitySearch.class).orElseThrow();
        text.indexDocument(index, "a", Map.of("body", "The quick brown fox jumps over the lazy dog",
                "title", "Foxes"));
        text.indexDocument(index, "b", Map.of("body", "A brown and quick fox", "title", "Quick"));
        text.indexDocument(index, "c", Map.of("body", "Dogs are lazy; foxes are quick", "title", "Dogs"));
    }

    @AfterEach
    void close() {
        for (String id : List.of("a", "b", "c", "d")) {
            text.deleteDocument(index, id);
        }
        store.close();
    }

    @Test
    void theStoreDeclaresTextSearch() {
        assertEquals(true, store.has(Capability.TEXT_SEARCH));
        assertTrue(store.extension(TextSearch.class).isEmpty(), "text search is reached through store.textSearch()");
    }

    @Test
    void anExactPhraseNeedsItsWordsInOrderAndAdjacent() {
        assertEquals(List.of("a"), text.searchPhrase(index, "body", "Quick Brown fox", 0, 10));
        assertEquals(List.of(), text.searchPhrase(index, "body", "brown quick", 0, 10));
        assertEquals(List.of("b"), text.searchPhrase(index, "title", "quick", 0, 10));
    }

    @Test
    void slopAllowsWordsBetweenAndSwaps() {
        assertEquals(List.of(), text.searchPhrase(index, "body", "brown fox", 0, 10).stream().filter("b"::equals).toList());
        assertEquals(Set.of("a", "b"), new HashSet<>(text.searchPhrase(index, "body", "brown fox", 2, 10)));
        assertEquals(List.of("a"), text.searchPhrase(index, "body", "quick brown", 2, 10));
        assertEquals(Set.of("a", "b"), new HashSet<>(text.searchPhrase(index, "body", "quick brown", 3, 10)));
    }

    @Test
    void spanNearCountsTheWordsBetween() {
        assertEquals(List.of("a"), near.searchNear(index, "body", List.of("fox", "dog"), 4, true, 10));
        assertEquals(List.of(), near.searchNear(index, "body", List.of("fox", "dog"), 3, true, 10));
        assertEquals(List.of(), near.searchNear(index, "body", List.of("dog", "fox"), 4, true, 10));
        assertEquals(List.of("a"), near.searchNear(index, "body", List.of("dog", "fox"), 4, false, 10));
        assertEquals(List.of("b"), near.searchNear(index, "body", List.of("brown", "fox"), 2, true, 10)
                .stream().filter("b"::equals).toList());
    }

    @Test
    void reindexingReplacesAndDeletingRemoves() {
        text.indexDocument(index, "a", Map.of("body", "nothing to see"));
        assertEquals(List.of(), text.searchPhrase(index, "body", "quick brown fox", 0, 10));
        assertEquals(List.of("a"), text.searchPhrase(index, "body", "nothing to see", 0, 10));
        text.deleteDocument(index, "a");
        assertEquals(List.of(), text.searchPhrase(index, "body", "nothing to see", 0, 10));
    }

    @Test
    void indexesAreSeparateAndLimitsApply() {
        text.indexDocument(index + "x", "d", Map.of("body", "quick brown fox"));
        assertEquals(List.of("a"), text.searchPhrase(index, "body", "quick brown fox", 0, 10));
        assertEquals(1, text.searchPhrase(index, "body", "fox", 0, 1).size());
        text.deleteDocument(index + "x", "d");
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> text.searchPhrase(index, "body", "fox", -1, 10));
        assertThrows(IllegalArgumentException.class, () -> text.searchPhrase(index, "body", "fox", 0, 0));
        assertThrows(IllegalArgumentException.class, () -> text.indexDocument("", "x", Map.of()));
        assertEquals(List.of(), text.searchPhrase(index, "body", "  ,; ", 0, 10));
    }
}
