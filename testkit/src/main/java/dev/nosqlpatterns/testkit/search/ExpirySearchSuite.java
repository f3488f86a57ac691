package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.search.Audience;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.testkit.ClockedStoreSuite;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Documents of an inverted search expire: their ids stay in the posting lists they share with other
 * documents until repair, but from the expiry on, by the clock of the store read, searches, counts, the
 * size, reports and document reads leave them out; {@code verify()} counts exactly the expired documents
 * still indexed, {@code repair()} removes them and verify is clean afterwards.
 */
public abstract class ExpirySearchSuite extends ClockedStoreSuite {
    private static final Criteria SPORT = Criteria.has("topic", "sport");
    private static final Criteria NEWS = Criteria.has("topic", "news");

    private InvertedSearch search() {
        return InvertedSearch.builder(later, table(), table()).chunkBits(5).build();
    }

    private static Document doc(String id, String topic) {
        return Document.builder(id).add("topic", topic).add("lang", "en").build();
    }

    private static List<String> ids(InvertedSearch search, Audience audience) {
        return search.documentIds(audience, 100).stream().sorted().toList();
    }

    @Test
    void expiredDocumentsLeaveEveryReadBeforeRepairRemovesThem() {
        InvertedSearch search = search();
        search.index(doc("a", "sport"), in(60));
        search.index(doc("b", "sport"));
        search.index(doc("c", "news"), in(600));
        search.index(doc("d", "sport"), in(30));
        search.index(doc("d", "sport"));
        assertEquals(List.of("a", "b", "d"), ids(search, search.find(SPORT)));
        assertEquals(3, search.count(Term.of("topic", "sport")));
        assertEquals(4, search.size());

        clock.advance(Duration.ofSeconds(61));
        assertEquals(List.of("b", "d"), ids(search, search.find(SPORT)));
        assertEquals(List.of("b", "c", "d"), ids(search, search.find(Criteria.has("lang", "en"))));
        List<Audience> both = search.findAll(List.of(SPORT, NEWS));
        assertEquals(List.of("b", "d"), ids(search, both.get(0)));
        assertEquals(List.of("c"), ids(search, both.get(1)));
        assertEquals(2, search.count(Term.of("topic", "sport")));
        assertEquals(3, search.size());
        assertFalse(search.document("a").isPresent());
        assertTrue(search.document("b").isPresent());
        assertEquals(2, search.report(search.find(SPORT), Set.of("topic")).count("topic", "sport"));

        SearchVerification found = search.verify();
        assertEquals(1, found.expiredDocuments(), () -> "audit: " + found);
        assertEquals(1, found.disagreements(), () -> "audit: " + found);
        assertEquals(1, search.repair().expiredDocuments());
        assertTrue(search.verify().consistent(), () -> "after repair: " + search.verify());
        assertEquals(List.of("b", "d"), ids(search, search.find(SPORT)));
        assertEquals(2, search.count(Term.of("topic", "sport")));
        assertEquals(3, search.size());

        clock.advance(Duration.ofSeconds(600));
        assertEquals(List.of(), ids(search, search.find(NEWS)));
        assertEquals(0, search.count(Term.of("topic", "news")));
        assertEquals(1, search.verify().expiredDocuments());
        search.index(doc("c", "news"));
        assertEquals(List.of("c"), ids(search, search.find(NEWS)));
        assertTrue(search.verify().consistent(), () -> "indexed again without expiry: " + search.verify());
    }
}
