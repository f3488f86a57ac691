package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.TextSearchCalls;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The store's own full-text search ({@link dev.nosqlpatterns.store.Store#textSearch()}) on its indexes as a whole:
 * dropping an index removes its documents and nothing else. Skipped on stores without
 * {@link Capability#TEXT_SEARCH}.
 */
public abstract class TextSearchSuite extends StoreSuite {
    private static final int DOCUMENTS = 12;
    private static final String FIELD = "body";

    @BeforeEach
    void needsTextSearch() {
        assumeCapability(Capability.TEXT_SEARCH);
    }

    /**
     * Two indexes holding the same ids: dropping one empties it for every phrase it held and leaves the other
     * whole; dropping again, or dropping an index never filled, is harmless; the dropped index takes documents
     * again and finds only those.
     */
    @Test
    void droppingAnIndexRemovesItsDocumentsAndNothingElse() {
        TextSearchCalls text = store.textSearch();
        String dropped = reserveTable();
        String kept = reserveTable();
        for (String index : List.of(dropped, kept)) {
            for (int i = 0; i < DOCUMENTS; i++) {
                text.indexDocument(index, "d" + i, Map.of(FIELD, "the quick brown fox number" + i + " jumps",
                        "title", "report " + index));
            }
        }
        Set<String> all = new TreeSet<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            all.add("d" + i);
        }
        assertEquals(all, found(text, dropped, "quick brown fox"));
        assertEquals(all, found(text, kept, "quick brown fox"));

        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        store.measure(costs::add, () -> text.dropIndex(dropped));
        assertEquals(1, costs.size(), () -> "costs of one drop: " + costs);
        OperationCost drop = costs.get(0);
        assertEquals("textDrop", drop.operation());
        assertEquals(dropped, drop.table());
        assertTrue(drop.roundTrips() >= 1, drop.toString());
        assertEquals(0, drop.itemsRead(), drop.toString());

        assertEquals(Set.of(), found(text, dropped, "quick brown fox"));
        assertEquals(Set.of(), found(text, dropped, "number3 jumps"));
        assertEquals(Set.of(), new TreeSet<>(text.searchPhrase(dropped, "title", "report", 0, 100)));
        assertEquals(all, found(text, kept, "quick brown fox"));
        assertEquals(Set.of("d3"), found(text, kept, "number3 jumps"));
        assertEquals(all, new TreeSet<>(text.searchPhrase(kept, "title", "report", 0, 100)));

        text.dropIndex(dropped);
        text.dropIndex(reserveTable());
        assertEquals(Set.of(), found(text, dropped, "quick brown fox"));
        assertEquals(all, found(text, kept, "quick brown fox"));

        text.indexDocument(dropped, "d3", Map.of(FIELD, "a slow green turtle"));
        text.indexDocument(dropped, "new", Map.of(FIELD, "another slow green turtle"));
        assertEquals(Set.of("d3", "new"), found(text, dropped, "slow green turtle"));
        assertEquals(Set.of(), found(text, dropped, "quick brown fox"));
        assertEquals(Set.of(), found(text, kept, "slow green turtle"));
        assertEquals(all, found(text, kept, "quick brown fox"));

        costs.clear();
        store.measure(costs::add, () -> {
            assertThrows(IllegalArgumentException.class, () -> text.dropIndex(""));
            assertThrows(IllegalArgumentException.class, () -> text.dropIndex(null));
            assertThrows(IllegalArgumentException.class, () -> text.dropIndex("9lives"));
        });
        assertTrue(costs.isEmpty(), () -> "refused calls reach the store: " + costs);
        text.dropIndex(dropped);
        text.dropIndex(kept);
        assertEquals(Set.of(), found(text, kept, "quick brown fox"));
    }

    /** The ids of the documents of {@code index} whose body holds {@code phrase}, in order of id. */
    private static Set<String> found(TextSearchCalls text, String index, String phrase) {
        List<String> ids = text.searchPhrase(index, FIELD, phrase, 0, 100);
        Set<String> out = new TreeSet<>(ids);
        assertEquals(ids.size(), out.size(), () -> "an id twice in " + ids);
        return out;
    }
}
