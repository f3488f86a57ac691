package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.PostingFormat;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Concurrent writers of an inverted search never lose ids: threads indexing different documents into
 * the same posting chunks at once, and then removing some of them, end with exact posting lists and
 * counts.
 */
public abstract class InvertedSearchConcurrencySuite extends StoreSuite {
    /** Documents per thread; settable with -Dnosqlpatterns.search.concurrentDocuments. */
    private static final int PER_THREAD = Integer.getInteger("nosqlpatterns.search.concurrentDocuments", 9);
    private static final int THREADS = 4;

    @ParameterizedTest
    @EnumSource(PostingFormat.class)
    void threadsIndexingIntoTheSameChunksLoseNothing(PostingFormat format) throws Exception {
        InvertedSearch search = InvertedSearch.builder(store, newTable(), newTable()).format(format)
                .maxAttempts(1_000).build();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < PER_THREAD; i++) {
                        search.index(Document.builder("t" + thread + "-" + i).add("shared", "all")
                                .add("thread", "t" + thread).add("parity", "p" + (i % 2)).build());
                    }
                    for (int i = 0; i < PER_THREAD; i += 3) {
                        search.remove("t" + thread + "-" + i);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(10, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        Set<String> expected = new TreeSet<>();
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < PER_THREAD; i++) {
                if (i % 3 != 0) {
                    expected.add("t" + t + "-" + i);
                }
            }
        }
        assertEquals(expected, new TreeSet<>(search.documentIds(search.find(Criteria.has("shared", "all")), Integer.MAX_VALUE)));
        assertEquals(expected.size(), search.find(Criteria.has("shared", "all")).size());
        assertEquals(expected.size(), search.count(Term.of("shared", "all")));
        assertEquals(expected.size(), search.size());
        long odd = expected.stream().filter(id -> Integer.parseInt(id.substring(id.indexOf('-') + 1)) % 2 == 1).count();
        assertEquals(odd, search.count(Term.of("parity", "p1")));
        assertTrue(search.verify().consistent(), () -> search.verify().toString());
    }
}
