package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.load.LoadException;
import dev.nosqlpatterns.load.LoadReport;
import dev.nosqlpatterns.search.Audience;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.PostingFormat;
import dev.nosqlpatterns.search.Report;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Inverted search with direct aggregation: audiences found with AND / OR / NOT on chunked
 * posting lists equal brute force on random click-stream documents, in both posting formats; group-by
 * reports equal brute force, for one audience or many in one scan; reads are as few as the estimates
 * allow; bad input is refused before anything is written.
 */
public abstract class InvertedSearchSuite extends StoreSuite {
    /** Documents of the random tests; settable with -Dnosqlpatterns.search.documents. */
    private static final int DOCUMENTS = Integer.getInteger("nosqlpatterns.search.documents", 100);
    /** Random criteria per format; settable with -Dnosqlpatterns.search.queries. */
    private static final int QUERIES = Integer.getInteger("nosqlpatterns.search.queries", 30);

    /** A search on two new tables; 32 ids per chunk, so that even small indexes span several chunks. */
    protected InvertedSearch open(PostingFormat format) {
        return InvertedSearch.builder(store, newTable(), newTable()).format(format).chunkBits(5).build();
    }

    /** A search like {@link #open} that reads the terms' sizes first, then its operands one after another. */
    private InvertedSearch openReadingApart(PostingFormat format) {
        return InvertedSearch.builder(store, newTable(), newTable()).format(format).chunkBits(5).termsReadTogether(false)
                .build();
    }

    protected static Set<String> ids(InvertedSearch search, Audience audience) {
        return new TreeSet<>(search.documentIds(audience, Integer.MAX_VALUE));
    }

    private static List<Document> randomDocuments(Random random, int n) {
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            docs.add(SearchOracle.randomDocument(random, "user-" + i));
        }
        return docs;
    }

    @ParameterizedTest
    @EnumSource(PostingFormat.class)
    void randomCriteriaSelectWhatBruteForceSelects(PostingFormat format) {
        Random random = new Random(7 + format.ordinal());
        String postings = newTable();
        String direct = newTable();
        InvertedSearch search = InvertedSearch.builder(store, postings, direct).format(format).chunkBits(5).build();
        InvertedSearch apart = InvertedSearch.builder(store, postings, direct).format(format).chunkBits(5)
                .termsReadTogether(false).build();
        SearchOracle oracle = new SearchOracle();
        List<Document> docs = randomDocuments(random, DOCUMENTS);
        search.indexAll(docs);
        docs.forEach(oracle::put);
        assertEquals(DOCUMENTS, search.size());
        for (int q = 0; q < QUERIES; q++) {
            Criteria c = SearchOracle.randomCriteria(random, 3);
            Audience audience = search.find(c);
            Set<String> expected = oracle.select(c);
            assertEquals(expected, ids(search, audience), c.toString());
            assertEquals(expected.size(), audience.size(), c.toString());
            assertEquals(audience, apart.find(c), () -> "terms read apart select the same on " + c);
        }
        for (Map.Entry<String, Long> e : SearchOracle.histogram(docs, "category").entrySet()) {
            assertEquals(e.getValue(), search.count(Term.of("category", e.getKey())), "count of category " + e.getKey());
        }
        assertTrue(search.verify().consistent(), () -> search.verify().toString());
    }

    @Test
    void changesAndRemovalsKeepPostingsAndCountsExact() {
        Random random = new Random(11);
        InvertedSearch search = open(PostingFormat.BITMAP);
        SearchOracle oracle = new SearchOracle();
        for (int i = 0; i < 40; i++) {
            Document d = SearchOracle.randomDocument(random, "user-" + i);
            search.index(d);
            oracle.put(d);
        }
        for (int i = 0; i < 40; i += 3) {
            Document d = SearchOracle.randomDocument(random, "user-" + i);
            search.index(d);
            oracle.put(d);
        }
        for (int i = 1; i < 40; i += 4) {
            assertTrue(search.remove("user-" + i));
            oracle.remove("user-" + i);
        }
        assertFalse(search.remove("user-1"), "a removed document is gone");
        assertFalse(search.remove("nobody"));
        for (int q = 0; q < 15; q++) {
            Criteria c = SearchOracle.randomCriteria(random, 2);
            assertEquals(oracle.select(c), ids(search, search.find(c)), c.toString());
        }
        assertEquals(oracle.documents().size(), search.size());
        for (Map.Entry<String, Long> e : SearchOracle.histogram(oracle.documents(), "site").entrySet()) {
            assertEquals(e.getValue(), search.count(Term.of("site", e.getKey())), "count of site " + e.getKey());
        }
        assertTrue(search.verify().consistent(), () -> search.verify().toString());
        Document some = oracle.documents().iterator().next();
        assertEquals(some, search.document(some.id()).orElseThrow());
        assertTrue(search.document("user-1").isEmpty());
    }

    @Test
    void reportsCountWhatBruteForceCounts() {
        Random random = new Random(5);
        InvertedSearch search = open(PostingFormat.BITMAP);
        SearchOracle oracle = new SearchOracle();
        List<Document> docs = randomDocuments(random, DOCUMENTS);
        search.indexAll(docs);
        docs.forEach(oracle::put);
        List<Criteria> criteria = List.of(Criteria.has("site", "s0"), Criteria.has("city", "c4"),
                Criteria.and(Criteria.has("site", "s1"), Criteria.not(Criteria.has("city", "c0"))),
                Criteria.or(Criteria.has("category", "k0"), Criteria.has("category", "k9")), Criteria.all(),
                Criteria.has("site", "none"));
        List<Audience> audiences = search.findAll(criteria);
        for (int i = 0; i < criteria.size(); i++) {
            assertEquals(search.find(criteria.get(i)), audiences.get(i), "findAll and find agree on " + criteria.get(i));
        }
        CostTally tally = new CostTally();
        List<OperationCost> calls = new CopyOnWriteArrayList<>();
        List<Report> reports = store.measure(cost -> {
            tally.onCost(cost);
            calls.add(cost);
        }, () -> search.reports(audiences, SearchOracle.FIELDS));
        assertTrue(calls.stream().allMatch(c -> c.operation().equals("scan")),
                "many audiences are reported from scans of the direct index only: " + calls);
        for (int i = 0; i < criteria.size(); i++) {
            Set<String> members = oracle.select(criteria.get(i));
            Map<String, Map<String, Long>> expected = oracle.counts(members, SearchOracle.FIELDS);
            assertEquals(expected, SearchOracle.countsOf(reports.get(i)), "report of " + criteria.get(i));
            assertEquals(members.size(), reports.get(i).audienceSize());
            assertEquals(members.size(), reports.get(i).documents());
            assertEquals(expected, SearchOracle.countsOf(search.report(audiences.get(i), SearchOracle.FIELDS)),
                    "single report of " + criteria.get(i));
        }
        Report categories = search.report(audiences.get(0), Set.of("category"));
        assertTrue(Set.of("category").containsAll(categories.counts().keySet()), "only the fields asked: " + categories);
        assertEquals(oracle.counts(oracle.select(criteria.get(0)), Set.of("category")), SearchOracle.countsOf(categories));
    }

    @Test
    void aSmallAudienceIsReportedFromReadsOfItsRowsNotFromAScan() {
        InvertedSearch search = open(PostingFormat.BITMAP);
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Document.Builder b = Document.builder("d" + i).add("site", "s" + (i % 4));
            if (i % 40 == 7) {
                b.add("flag", "rare");
            }
            docs.add(b.build());
        }
        search.indexAll(docs);
        Audience rare = search.find(Criteria.has("flag", "rare"));
        List<OperationCost> calls = new CopyOnWriteArrayList<>();
        Report report = store.measure(calls::add, () -> search.report(rare, Set.of("site")));
        assertTrue(calls.stream().noneMatch(c -> c.operation().equals("scan")), "no scan for a small audience: " + calls);
        assertEquals(2, calls.size(), "the index size from its summary, then one batch of rows: " + calls);
        assertEquals(Map.of("site", Map.of("s3", 3L)), SearchOracle.countsOf(report));
        assertEquals(3, report.documents());
    }

    /**
     * A stream of documents loads a window at a time; a bad document stops the load with nothing of its window
     * indexed and says where to resume; loading again from there finishes it, a document seen twice in one window
     * indexed as its later version, and the index verifies.
     */
    @Test
    void aStreamOfDocumentsLoadsWindowByWindowAndResumesAfterABadOne() {
        InvertedSearch search = open(PostingFormat.BITMAP);
        List<Document> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            all.add(Document.builder("d" + i).add("kind", i % 2 == 0 ? "even" : "odd").build());
        }
        all.add(22, Document.builder("d21").add("kind", "late").build());
        List<Document> withBad = new ArrayList<>(all);
        withBad.set(13, null);
        LoadException stopped = assertThrows(LoadException.class,
                () -> search.load(withBad.stream()).windowSize(10).run());
        assertEquals(10, stopped.resumeAt(), stopped.getMessage());
        assertTrue(stopped.getMessage().contains("position 13"), stopped.getMessage());
        assertEquals(10, search.size(), "the window before the bad document, nothing of its own");

        List<LoadReport> seen = new ArrayList<>();
        LoadReport done = search.load(all.stream().skip(stopped.resumeAt())).windowSize(10).onProgress(seen::add).run();
        assertEquals(List.of(10L, 16L), seen.stream().map(LoadReport::loaded).toList());
        assertEquals(16, done.loaded());
        assertEquals(25, search.size());
        assertEquals(Set.of("d21"), ids(search, search.find(Criteria.has("kind", "late"))));
        assertEquals(11, ids(search, search.find(Criteria.has("kind", "odd"))).size(), "d21 is no longer odd");
        assertTrue(search.verify().consistent(), () -> search.verify().toString());
    }

    @Test
    void anAndStopsAtItsEmptyOperandWithoutReadingTheOthers() {
        InvertedSearch search = openReadingApart(PostingFormat.BITMAP);
        search.indexAll(randomDocuments(new Random(9), 80));
        CostTally tally = new CostTally();
        Audience none = store.measure(tally, () -> search.find(Criteria.and(Criteria.has("site", "s0"), Criteria.has("city", "c0"),
                    Criteria.has("category", "absent"))));
        assertTrue(none.isEmpty());
        assertEquals(2, tally.calls(), "one batch read of the summaries, one read of the empty term: " + tally);
        assertTrue(tally.itemsRead() <= 4, "only summaries were read: " + tally);
    }

    @Test
    void furtherOperandsReadOnlyTheChunksTheCandidatesTouch() {
        InvertedSearch search = openReadingApart(PostingFormat.SORTED_IDS);
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < 96; i++) {
            Document.Builder b = Document.builder("d" + i).add("kind", "common");
            if (i == 40 || i == 42) {
                b.add("flag", "rare");
            }
            docs.add(b.build());
        }
        search.indexAll(docs);
        List<OperationCost> calls = new CopyOnWriteArrayList<>();
        Audience both = store.measure(calls::add, () -> search.find(Criteria.and(Criteria.has("kind", "common"), Criteria.has("flag", "rare"))));
        assertEquals(Set.of("d40", "d42"), ids(search, both));
        assertEquals("getAll", calls.get(0).operation(), "the summaries first: " + calls);
        long chunkItems = calls.subList(1, calls.size()).stream().mapToLong(OperationCost::itemsRead).sum();
        assertEquals(2, chunkItems, "the rare term's one chunk, then the one chunk of the common term it touches: " + calls);
    }

    @Test
    void notIsRelativeToEveryIndexedDocument() {
        InvertedSearch search = open(PostingFormat.BITMAP);
        search.indexAll(List.of(Document.builder("a").add("x", "1").build(), Document.builder("b").add("x", "2").build(),
                Document.builder("c").build()));
        assertEquals(Set.of("b", "c"), ids(search, search.find(Criteria.not(Criteria.has("x", "1")))));
        assertEquals(Set.of("a", "b", "c"), ids(search, search.find(Criteria.all())));
        assertEquals(Set.of("c"), ids(search, search.find(Criteria.and(Criteria.not(Criteria.has("x", "1")),
                Criteria.not(Criteria.has("x", "2"))))));
        assertEquals(Set.of(), ids(search, search.find(Criteria.not(Criteria.all()))));
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        InvertedSearch search = open(PostingFormat.BITMAP);
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> search.indexAll(List.of(
                    Document.builder("a").add("x", "1").build(), Document.builder("a").add("x", "2").build())));
            assertTrue(e.getMessage().contains("'a' appears twice"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Document.builder("b").add("bad field", "1").build());
            assertThrows(IllegalArgumentException.class, () -> Document.builder("b").add("x", "").build());
            assertThrows(IllegalArgumentException.class, () -> Document.builder("").add("x", "1").build());
            assertThrows(IllegalArgumentException.class, () -> Term.of("x", "v".repeat(Term.MAX_VALUE_BYTES + 1)));
            assertThrows(IllegalArgumentException.class, () -> Criteria.and());
            assertThrows(IllegalArgumentException.class, () -> search.report(search.find(Criteria.all()), Set.of("no good")));
        });
        assertEquals(0, tally.itemsWritten(), "nothing written: " + tally);
        assertEquals(0, search.size());
        IllegalArgumentException builder = assertThrows(IllegalArgumentException.class,
                () -> InvertedSearch.builder(store, "bad name", "t").chunkBits(40).segments(0).maxAttempts(0).build());
        for (String part : List.of("postings table", "chunkBits must be between 4 and 16, got 40", "segments", "maxAttempts")) {
            assertTrue(builder.getMessage().contains(part), builder.getMessage());
        }
    }

    @Test
    void anIndexReopensOnlyWithItsOwnFormat() {
        String postings = newTable();
        String direct = newTable();
        InvertedSearch first = InvertedSearch.builder(store, postings, direct).format(PostingFormat.SORTED_IDS).build();
        first.index(Document.builder("a").add("x", "1").build());
        InvertedSearch again = InvertedSearch.builder(store, postings, direct).format(PostingFormat.SORTED_IDS).build();
        assertEquals(Set.of("a"), ids(again, again.find(Criteria.has("x", "1"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InvertedSearch.builder(store, postings, direct).format(PostingFormat.BITMAP).build());
        assertTrue(e.getMessage().contains("SORTED_IDS"), e.getMessage());
    }
}
