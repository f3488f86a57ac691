package dev.nosqlpatterns.testkit.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.RepairCursor;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Crash safety of index tables: a process that dies at any write step of an insert, a change or a
 * delete leaves no wrong answer to a lookup, and repair ends with zero drift; concurrent claims of a
 * unique value have exactly one winner.
 */
public abstract class IndexTableCrashSuite extends StoreSuite {
    private static final Key ADA = Key.of("user|ada", "<BASE>");

    private IndexTable open(Store on, String base, String idx, IndexConsistency mode, boolean unique) {
        return IndexTable.builder(on).baseTable(base).indexTable(idx).attribute("city").unique(unique)
                .consistency(mode).claimLease(Duration.ZERO).build();
    }

    /** The index answers exactly what the base table holds, for every value of interest. */
    private void assertExact(IndexTable ix, String... values) {
        for (String v : values) {
            Set<String> truth = store.scanAll(Scan.of(ix.baseTable()))
                    .filter(i -> i.getString("city").map(v::equals).orElse(false))
                    .map(i -> i.key().partition()).collect(Collectors.toCollection(TreeSet::new));
            Set<String> found = ix.find(v).stream().map(i -> i.key().partition())
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(truth, found, "lookup of '" + v + "' after a crash");
        }
    }

    private void crashAtEveryStep(IndexConsistency mode, boolean unique, Consumer<IndexTable> setup,
                                  Consumer<IndexTable> operation) {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        String countBase = newTable();
        String countIndex = newTable();
        setup.accept(open(store, countBase, countIndex, mode, unique));
        FaultInjectingBackend counter = countingBackend();
        Store counting = Store.of(counter);
        counting.createTable(dev.nosqlpatterns.store.model.TableSpec.named(countBase));
        operation.accept(open(counting, countBase, countIndex, mode, unique));
        int steps = counter.writes();
        assertTrue(steps >= 1, "the operation writes");
        for (int step = 1; step <= steps; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String base = newTable();
                String idx = newTable();
                setup.accept(open(store, base, idx, mode, unique));
                Store crashing = crashingStore(step, when);
                IndexTable doomed = open(crashing, base, idx, mode, unique);
                assertThrows(StoreUnavailableException.class, () -> operation.accept(doomed),
                        "step " + step + " " + when + " of " + steps);
                IndexTable after = open(store, base, idx, mode, unique);
                assertExact(after, "London", "Paris");
                after.repair();
                IndexVerification drift = after.verify();
                assertTrue(drift.consistent(), "step " + step + " " + when + ": " + drift);
                assertExact(after, "London", "Paris");
                store.dropTable(base);
                store.dropTable(idx);
            }
        }
    }

    /** What each lookup finds, by value. */
    private static Map<String, Set<String>> lookups(IndexTable ix, Set<String> values) {
        Map<String, Set<String>> found = new TreeMap<>();
        for (String v : values) {
            found.put(v, ix.find(v).stream().map(i -> i.key().partition()).collect(Collectors.toCollection(TreeSet::new)));
        }
        return found;
    }

    /**
     * Runs {@code operation}, which only adds what is missing and removes what is stale, dying at every write step
     * in turn until it no longer reaches the step (the number of writes depends on how the store orders its scan
     * pages): every lookup still finds what it found before, and one repair ends with zero drift and exact lookups.
     */
    private void crashAtEveryWrite(IndexConsistency mode, boolean unique, Consumer<IndexTable> setup,
                                   Consumer<IndexTable> operation, Set<String> values) {
        String[] all = values.toArray(String[]::new);
        int step = 1;
        for (boolean reached = true; reached; step++) {
            assertTrue(step <= 500, "the operation ends within 500 writes");
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String base = newTable();
                String idx = newTable();
                IndexTable before = open(store, base, idx, mode, unique);
                setup.accept(before);
                Map<String, Set<String>> found = lookups(before, values);
                String at = "step " + step + " " + when + (unique ? ", unique" : "");
                IndexTable doomed = open(crashingStore(step, when), base, idx, mode, unique);
                try {
                    operation.accept(doomed);
                    reached = false;
                } catch (StoreUnavailableException crashed) {
                    reached = true;
                }
                IndexTable after = open(store, base, idx, mode, unique);
                lookups(after, values).forEach((v, now) -> assertTrue(now.containsAll(found.get(v)),
                        at + ": lookup of '" + v + "' found " + found.get(v) + " before, " + now + " after the crash"));
                after.repair();
                IndexVerification drift = after.verify();
                assertTrue(drift.consistent(), at + ": " + drift);
                assertExact(after, all);
                store.dropTable(base);
                store.dropTable(idx);
            }
        }
        assertTrue(step > 4, "the repair wrote several fixes, crashed at " + (step - 2) + " steps");
    }

    private static Item ada(String city) {
        return Item.builder(ADA).put("name", "ada").put("city", city).build();
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void crashDuringAnInsert(IndexConsistency mode) {
        for (boolean unique : new boolean[] {false, true}) {
            crashAtEveryStep(mode, unique, ix -> ix.put(Item.builder("user|bob", "<BASE>").put("city", "Paris").build()),
                    ix -> ix.put(ada("London")));
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void crashDuringAChangeOfValue(IndexConsistency mode) {
        for (boolean unique : new boolean[] {false, true}) {
            crashAtEveryStep(mode, unique, ix -> ix.put(ada("London")), ix -> ix.put(ada("Paris")));
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void crashDuringADelete(IndexConsistency mode) {
        for (boolean unique : new boolean[] {false, true}) {
            crashAtEveryStep(mode, unique, ix -> ix.put(ada("London")), ix -> ix.delete(ADA));
        }
    }

    /**
     * A paged repair (pages of three) of an index with missing, stale and correct entries dies at every write
     * step: no lookup loses an item it found before, and one repair more ends with zero drift. The fixes of a
     * page go out together ({@code Store.writeEach}), so a crash lands between any two of them.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void crashDuringAPagedRepair(IndexConsistency mode) {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        for (boolean unique : new boolean[] {false, true}) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                values.add(unique ? "city" + i : List.of("London", "Paris", "Rome").get(i % 3));
            }
            values.add(unique ? "city3b" : "Rome");
            Consumer<IndexTable> setup = ix -> {
                for (int i = 0; i < 8; i++) {
                    Item user = Item.builder("user|" + i, "<BASE>").put("city", values.get(i)).build();
                    if (i < 5) {
                        ix.put(user);
                    } else {
                        // Written around the index: no entry.
                        store.put(ix.baseTable(), user);
                    }
                }
                // Moved around the index: a stale entry and a missing one.
                store.put(ix.baseTable(), store.get(ix.baseTable(), Key.of("user|3", "<BASE>")).orElseThrow()
                        .toBuilder().put("city", values.get(8)).build());
            };
            Consumer<IndexTable> repair = ix -> {
                Optional<RepairCursor> next = Optional.of(RepairCursor.start());
                while (next.isPresent()) {
                    next = ix.auditPage(next.get(), 3, true).next();
                }
            };
            crashAtEveryWrite(mode, unique, setup, repair, new TreeSet<>(values));
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void concurrentClaimsOfAUniqueValueHaveOneWinner(IndexConsistency mode) throws Exception {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        IndexTable ix = IndexTable.builder(store).baseTable(newTable()).indexTable(newTable()).attribute("fb")
                .unique(true).consistency(mode).build();
        int threads = 6;
        AtomicInteger winners = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String id = "user|" + t;
                futures.add(pool.submit(() -> {
                    start.await();
                    try {
                        ix.put(Item.builder(id, "<BASE>").put("fb", "fb-42").build());
                        winners.incrementAndGet();
                    } catch (UniqueConstraintException e) {
                        refused.incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, winners.get());
        assertEquals(threads - 1, refused.get());
        long holders = store.scanAll(Scan.of(ix.baseTable())).filter(i -> i.has("fb")).count();
        assertEquals(1, holders, "exactly one item holds the value");
        assertEquals(1, ix.find("fb-42").size());
    }
}
