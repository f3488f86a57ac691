package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Crash safety of an inverted search: a writer that dies before or after any one of its writes never
 * leaves an answer that indexing again or {@link InvertedSearch#repair()} does not correct. Where the
 * store has atomic writes, a single document's change leaves no drift at all.
 */
public abstract class InvertedSearchCrashSuite extends StoreSuite {
    private static final Document ADA = Document.builder("ada").add("site", "a", "b").add("city", "x").build();
    private static final Document ADA_CHANGED = Document.builder("ada").add("site", "b", "c").add("city", "y")
            .add("category", "k").build();
    private static final Document BOB = Document.builder("bob").add("site", "a").add("city", "y").build();
    private static final Document BOB_CHANGED = Document.builder("bob").add("site", "c").add("category", "k").build();
    private static final Document CY = Document.builder("cy").add("site", "c").add("city", "x").build();
    private String postings;
    private String direct;
    private InvertedSearch healthy;

    @BeforeEach
    void seed() {
        postings = newTable();
        direct = newTable();
        healthy = open(store);
        healthy.indexAll(List.of(ADA, BOB, Document.builder("eve").add("site", "a").add("category", "k").build()));
    }

    private InvertedSearch open(Store s) {
        return InvertedSearch.builder(s, postings, direct).segments(1).build();
    }

    @Test
    void aChangeInterruptedAtAnyWriteIsCompletedByIndexingAgain() {
        crashAtEveryWrite(s -> s.index(ADA_CHANGED), s -> s.index(ADA_CHANGED), () -> healthy.index(ADA), true);
    }

    @Test
    void aRemovalInterruptedAtAnyWriteIsCompletedByRemovingAgain() {
        crashAtEveryWrite(s -> s.remove("ada"), s -> s.remove("ada"), () -> healthy.index(ADA), true);
    }

    @Test
    void aNewDocumentInterruptedAtAnyWriteIsCompletedByIndexingAgain() {
        crashAtEveryWrite(s -> s.index(CY), s -> s.index(CY), () -> healthy.remove("cy"), true);
    }

    @Test
    void aBulkLoadInterruptedAtAnyWriteIsCompletedByLoadingAgain() {
        List<Document> batch = List.of(BOB_CHANGED, CY);
        crashAtEveryWrite(s -> s.indexAll(batch), s -> s.indexAll(batch), () -> {
            healthy.index(BOB);
            healthy.remove("cy");
        }, false);
    }

    /**
     * For n = 0, 1, 2, ...: runs {@code operation} on a store that crashes right after its nth write (n = 0:
     * before the first; crashing before write n+1 leaves the same data, so it is not tried separately); on
     * an atomic store checks nothing drifted; completes with {@code again} and checks, through what repair
     * finds, that the postings match the rows exactly (the audit compares every posting list with what the
     * rows imply) and that only counts may be off; checks repair leaves everything exact; resets. Stops at
     * the first n the operation does not reach, then checks queries answer exactly what the rows say.
     */
    private void crashAtEveryWrite(Consumer<InvertedSearch> operation, Consumer<InvertedSearch> again, Runnable reset,
                                   boolean singleDocument) {
        for (int n = 0; ; n++) {
            boolean crashed;
            try (Store faulty = n == 0 ? crashingStore(1, FaultInjectingBackend.When.BEFORE)
                    : crashingStore(n, FaultInjectingBackend.When.AFTER)) {
                InvertedSearch dying = open(faulty);
                try {
                    operation.accept(dying);
                    crashed = false;
                } catch (FaultInjectingBackend.SimulatedCrash expected) {
                    crashed = true;
                }
            }
            if (!crashed) {
                assertTrue(n > 1, "the operation takes several writes");
                break;
            }
            String step = "crash after write " + n;
            if (singleDocument && store.has(Capability.ATOMIC_WRITES)) {
                SearchVerification audit = healthy.verify();
                assertTrue(audit.consistent(), step + ": an atomic store leaves no drift, found " + audit);
            }
            again.accept(healthy);
            SearchVerification afterRetry = healthy.repair();
            assertEquals(0, afterRetry.missingPostings() + afterRetry.stalePostings() + afterRetry.pendingDocuments(),
                    step + ": running the operation again leaves exact postings, found " + afterRetry);
            SearchVerification repaired = healthy.verify();
            assertTrue(repaired.consistent(), step + ": repair leaves everything exact, found " + repaired);
            reset.run();
            assertTrue(n < 60, "the operation should finish within 60 writes");
        }
        answersMatchTheDirectIndex("after every crash");
    }

    /** Every term's audience, read from postings, is exactly the documents whose rows have the term. */
    private void answersMatchTheDirectIndex(String step) {
        SearchOracle truth = new SearchOracle();
        Set<Term> terms = new LinkedHashSet<>();
        for (String id : List.of("ada", "bob", "cy", "eve")) {
            healthy.document(id).ifPresent(d -> {
                truth.put(d);
                terms.addAll(d.terms());
            });
        }
        terms.addAll(ADA_CHANGED.terms());
        terms.addAll(ADA.terms());
        List<Criteria> criteria = new ArrayList<>();
        terms.forEach(t -> criteria.add(Criteria.has(t)));
        List<Set<String>> found = new ArrayList<>();
        healthy.findAll(criteria).forEach(a -> found.add(new TreeSet<>(healthy.documentIds(a, Integer.MAX_VALUE))));
        for (int i = 0; i < criteria.size(); i++) {
            Set<String> expected = truth.select(criteria.get(i));
            assertEquals(expected, found.get(i), step + ": " + criteria.get(i));
        }
    }
}
