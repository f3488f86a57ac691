package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** Concurrent partition reads: answers in order, costs joined, failures and interrupts as a single read's. */
class ConcurrentQueriesTest {
    private static List<KeyQuery> queries(String... partitions) {
        List<KeyQuery> out = new ArrayList<>();
        for (String p : partitions) {
            out.add(new KeyQuery("t", p, SortKeyCondition.all(), false, 10, Optional.empty()));
        }
        return out;
    }

    /** A read that answers one request per partition and returns nothing. */
    private static QueryResult empty(CostMeter meter) {
        meter.roundTrip();
        return new QueryResult(List.of(), false);
    }

    @Test
    void answersInOrderAndWaitsForOneRoundTrip() {
        List<QueryResult> answers = new ArrayList<>();
        BiFunction<KeyQuery, CostMeter, QueryResult> read = (q, m) -> {
            m.roundTrips(q.partition().length());
            return new QueryResult(List.of(), false);
        };
        try (ConcurrentQueries cq = new ConcurrentQueries(read)) {
            CostMeter meter = new CostMeter();
            answers.addAll(cq.queryEach(queries("a", "bb", "c", "dddd", "e"), meter));
            assertEquals(5, answers.size());
            assertEquals(9, meter.roundTrips());
            assertEquals(4, meter.criticalPath(), "the longest read");
            assertEquals(List.of(), cq.queryEach(List.of(), meter));
        }
    }

    @Test
    void theFirstFailureInTheOrderOfTheQueriesFailsTheCall() {
        StoreException second = new StoreException("b failed", "t", null, null);
        StoreException fourth = new StoreException("d failed", "t", null, null);
        try (ConcurrentQueries cq = new ConcurrentQueries((q, m) -> {
            if (q.partition().equals("b")) {
                throw second;
            }
            if (q.partition().equals("d")) {
                throw fourth;
            }
            return empty(m);
        })) {
            assertSame(second, assertThrows(StoreException.class, () -> cq.queryEach(queries("a", "b", "c", "d"), new CostMeter())));
        }
    }

    @Test
    void anInterruptedWaitKeepsTheFlagAndFailsAsAnInterruptedRead() {
        CountDownLatch release = new CountDownLatch(1);
        try (ConcurrentQueries cq = new ConcurrentQueries((q, m) -> {
            if (!q.partition().equals("a")) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return empty(m);
        })) {
            Thread.currentThread().interrupt();
            try {
                StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                        () -> cq.queryEach(queries("a", "b"), new CostMeter()));
                assertTrue(Thread.currentThread().isInterrupted(), "the interrupt flag is kept");
                assertTrue(e.getMessage().contains("interrupted") && e.getMessage().contains("'t'"), e.getMessage());
            } finally {
                Thread.interrupted();
                release.countDown();
            }
        }
    }

    @Test
    void afterCloseReadsRunOnTheCaller() {
        List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
        ConcurrentQueries cq = new ConcurrentQueries((q, m) -> {
            threads.add(Thread.currentThread().getName());
            return empty(m);
        });
        cq.close();
        CostMeter meter = new CostMeter();
        assertEquals(3, cq.queryEach(queries("a", "b", "c"), meter).size());
        assertEquals(List.of(Thread.currentThread().getName()), threads.stream().distinct().toList());
        assertEquals(3, meter.roundTrips());
    }
}
