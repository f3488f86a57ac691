package dev.nosqlpatterns.testkit.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Index tables under live concurrent writers, with no crash: one writer is paused before each of its
 * store calls in turn while a second runs a conflicting operation to completion, then the first resumes;
 * and seeded random schedules of several writers. After both finish, before any repair, every lookup
 * equals what the base items hold, a unique value is held by one item at most, and verify finds no drift.
 */
public abstract class IndexTableInterleavingSuite extends StoreSuite {
    private static final Key ADA = Key.of("user|ada", "<BASE>");
    private static final Key BOB = Key.of("user|bob", "<BASE>");
    private static final List<String> CITIES = List.of("X", "Y", "Z");

    private record Tables(String base, String index) {
        List<String> both() {
            return List.of(base, index);
        }
    }

    private static IndexTable open(Store on, Tables t, IndexConsistency mode, boolean unique, Duration lease) {
        return IndexTable.builder(on).baseTable(t.base()).indexTable(t.index()).attribute("city").unique(unique)
                .consistency(mode).claimLease(lease).build();
    }

    private static Consumer<IndexTable> put(Key key, String city) {
        return ix -> ix.put(Item.builder(key).put("city", city).build());
    }

    private static Consumer<IndexTable> delete(Key key) {
        return ix -> ix.delete(key);
    }

    private Tables fresh(IndexConsistency mode, boolean unique, Duration lease, List<Consumer<IndexTable>> setup) {
        Tables t = new Tables(newTable(), newTable());
        IndexTable ix = open(store, t, mode, unique, lease);
        setup.forEach(s -> s.accept(ix));
        return t;
    }

    /**
     * Pauses writer A before each of its store calls in turn (and once after it finished), runs B to the
     * end meanwhile, resumes A, and checks the invariants after every schedule.
     */
    private void pauseAtEveryStep(IndexConsistency mode, boolean unique, Duration lease,
                                  List<Consumer<IndexTable>> setup, Consumer<IndexTable> a, Consumer<IndexTable> b) {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        Tables counted = fresh(mode, unique, lease, setup);
        int points = Interleaving.stepPoints(backend, counted.both(), s -> a.accept(open(s, counted, mode, unique, lease)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            Tables t = fresh(mode, unique, lease, setup);
            Interleaving.Outcome outcome = Interleaving.run(backend, t.both(), Interleaving.pauseFirstAt(p),
                    s -> a.accept(open(s, t, mode, unique, lease)),
                    s -> b.accept(open(s, t, mode, unique, lease)));
            outcome.allowing(UniqueConstraintException.class);
            assertConsistent(open(store, t, mode, unique, lease), unique, "A paused at step point " + p
                    + ", calls:\n" + outcome.describe());
        }
    }

    /** Every lookup equals the base items, uniqueness holds, and verify reports no drift. */
    private void assertConsistent(IndexTable ix, boolean unique, String schedule) {
        assertConsistent(ix, unique, false, false, schedule);
    }

    /**
     * Lookups answer exactly what the base items hold, a unique value has one holder at most and nothing is
     * missing. With {@code staleAllowed}, entries left stale by racing writers may remain, and one repair must
     * remove them. With {@code sharedAllowed} (a put reported {@link UniqueConstraintException#leftShared()}: it lost
     * its claim and put its item back on an old value taken meanwhile), such a value may have two holders, of
     * which the lookup answers one at most (none once the entry's holder moved on), and verify may count the
     * duplicate and the missing entry; one repair must then leave nothing missing or dangling.
     */
    private void assertConsistent(IndexTable ix, boolean unique, boolean staleAllowed, boolean sharedAllowed,
                                  String schedule) {
        Map<String, Set<String>> truth = new TreeMap<>();
        store.scanAll(Scan.of(ix.baseTable())).forEach(i -> i.getString("city").ifPresent(
                c -> truth.computeIfAbsent(c, k -> new TreeSet<>()).add(i.key().partition())));
        int shared = 0;
        for (String city : CITIES) {
            Set<String> expected = truth.getOrDefault(city, Set.of());
            Set<String> found = ix.find(city).stream().map(i -> i.key().partition())
                    .collect(Collectors.toCollection(TreeSet::new));
            if (unique && sharedAllowed && !expected.equals(found)) {
                shared++;
                assertTrue(found.size() <= 1 && expected.containsAll(found),
                        "lookup of shared unique value '" + city + "' found " + found + " (" + schedule + ")");
                continue;
            }
            assertEquals(expected, found, "lookup of '" + city + "' (" + schedule + ")");
            if (unique) {
                assertTrue(expected.size() <= 1, "unique value '" + city + "' held by " + expected + " (" + schedule + ")");
            }
        }
        IndexVerification drift = ix.verify();
        if (staleAllowed) {
            assertTrue(drift.missing() == 0 || sharedAllowed, "verify after " + schedule + ": " + drift);
            assertTrue(drift.duplicates() == 0 || shared > 0, "verify after " + schedule + ": " + drift);
            ix.repair();
            drift = ix.verify();
        }
        assertTrue(drift.missing() == 0 && drift.dangling() == 0 && (shared > 0 || drift.duplicates() == 0),
                "verify after " + schedule + ": " + drift);
    }

    @ParameterizedTest(name = "{0}, unique={1}")
    @CsvSource({"REPAIRABLE,false", "REPAIRABLE,true", "ATOMIC,false", "ATOMIC,true"})
    void moveThereWhileMovedBack(IndexConsistency mode, boolean unique) {
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(put(ADA, "X")), put(ADA, "Y"), put(ADA, "X"));
    }

    @ParameterizedTest(name = "{0}, unique={1}")
    @CsvSource({"REPAIRABLE,false", "REPAIRABLE,true", "ATOMIC,false", "ATOMIC,true"})
    void moveWhileMovedElsewhere(IndexConsistency mode, boolean unique) {
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(put(ADA, "X")), put(ADA, "Y"), put(ADA, "Z"));
    }

    @ParameterizedTest(name = "{0}, unique={1}")
    @CsvSource({"REPAIRABLE,false", "REPAIRABLE,true", "ATOMIC,false", "ATOMIC,true"})
    void twoFirstPuts(IndexConsistency mode, boolean unique) {
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(), put(ADA, "X"), put(ADA, "Y"));
    }

    @ParameterizedTest(name = "{0}, unique={1}")
    @CsvSource({"REPAIRABLE,false", "REPAIRABLE,true", "ATOMIC,false", "ATOMIC,true"})
    void moveWhileDeleted(IndexConsistency mode, boolean unique) {
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(put(ADA, "X")), put(ADA, "Y"), delete(ADA));
    }

    @ParameterizedTest(name = "{0}, unique={1}")
    @CsvSource({"REPAIRABLE,false", "REPAIRABLE,true", "ATOMIC,false", "ATOMIC,true"})
    void deleteWhileMoved(IndexConsistency mode, boolean unique) {
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(put(ADA, "X")), delete(ADA), put(ADA, "Y"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"REPAIRABLE", "ATOMIC"})
    void twoClaimsOfOneUniqueValue(IndexConsistency mode) {
        pauseAtEveryStep(mode, true, Duration.ofSeconds(30), List.of(put(BOB, "Y")), put(ADA, "X"), put(BOB, "X"));
    }

    /** With no lease, a paused claim can be taken over; the paused writer must then lose, not share the value. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"REPAIRABLE", "ATOMIC"})
    void claimTakenOverWhilePaused(IndexConsistency mode) {
        pauseAtEveryStep(mode, true, Duration.ZERO, List.of(), put(ADA, "X"), put(BOB, "X"));
    }

    /** Writes the item straight to the base table, around the index, so that its entry is missing. */
    private Consumer<IndexTable> around(Key key, String city) {
        return ix -> store.put(ix.baseTable(), Item.builder(key).put("city", city).build());
    }

    private static Consumer<IndexTable> repair() {
        return IndexTable::repair;
    }

    /**
     * A repair adding the missing entries of two items written around the index is paused before each of its
     * store calls while a writer moves, rewrites or deletes one of them: the repair neither overwrites the
     * writer's entry nor leaves one for an item deleted or moved meanwhile, and nothing is missing.
     */
    @ParameterizedTest(name = "{0}, unique={1}, writer {2}")
    @CsvSource({"REPAIRABLE,false,move", "REPAIRABLE,false,rewrite", "REPAIRABLE,false,delete",
        "REPAIRABLE,true,move", "REPAIRABLE,true,rewrite", "REPAIRABLE,true,delete",
        "ATOMIC,false,move", "ATOMIC,true,move", "ATOMIC,true,delete"})
    void repairAddingEntriesWhileWritten(IndexConsistency mode, boolean unique, String writer) {
        Consumer<IndexTable> b = switch (writer) {
            case "move" -> put(ADA, "Y");
            case "rewrite" -> put(ADA, "X");
            default -> delete(ADA);
        };
        pauseAtEveryStep(mode, unique, Duration.ofSeconds(30), List.of(around(ADA, "X"), around(BOB, "Z")), repair(), b);
    }

    /**
     * With no lease, a repair removing a stale entry and adding a missing one is paused before each of its
     * store calls while a writer puts the item back on the stale entry's value, moves it on, or deletes it: the
     * repair never removes the entry the writer rewrote nor leaves one behind, so verify finds no drift at all.
     */
    @ParameterizedTest(name = "{0}, unique={1}, writer {2}")
    @CsvSource({"REPAIRABLE,false,back", "REPAIRABLE,false,on", "REPAIRABLE,false,delete",
        "REPAIRABLE,true,back", "REPAIRABLE,true,on", "REPAIRABLE,true,delete",
        "ATOMIC,false,back", "ATOMIC,true,on", "ATOMIC,true,delete"})
    void repairRemovingEntriesWhileWritten(IndexConsistency mode, boolean unique, String writer) {
        Consumer<IndexTable> b = switch (writer) {
            case "back" -> put(ADA, "X");
            case "on" -> put(ADA, "Z");
            default -> delete(ADA);
        };
        pauseAtEveryStep(mode, unique, Duration.ZERO, List.of(put(ADA, "X"), around(ADA, "Y")), repair(), b);
    }

    /** Several writers on two hot items under seeded random schedules, ATOMIC mode; the invariants hold after each. */
    @Test
    void randomSchedules() {
        org.junit.jupiter.api.Assumptions.assumeTrue(store.has(Capability.ATOMIC_WRITES),
                () -> "ATOMIC index tables need atomic writes, which the " + store.kind() + " store lacks");
        for (boolean unique : new boolean[] {false, true}) {
            randomSchedules(1.0, IndexConsistency.ATOMIC, unique)
                    .forEach(seed -> randomSchedule(IndexConsistency.ATOMIC, unique, seed));
        }
    }

    /**
     * The same in REPAIRABLE mode, where racing writers may leave stale entries (one repair removes them) and,
     * without a lease, a put that lost its claim may find its old unique value taken when it puts its item back.
     */
    @Test
    void randomSchedulesRepairable() {
        for (boolean unique : new boolean[] {false, true}) {
            randomSchedules(1.0, IndexConsistency.REPAIRABLE, unique)
                    .forEach(seed -> randomSchedule(IndexConsistency.REPAIRABLE, unique, seed));
        }
    }

    private void randomSchedule(IndexConsistency mode, boolean unique, long seed) {
        Random random = new Random(seed);
        Duration lease = random.nextBoolean() ? Duration.ZERO : Duration.ofSeconds(30);
        Tables t = fresh(mode, unique, lease, List.of(put(ADA, "X")));
        List<Consumer<Store>> writers = new ArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean leftShared = new java.util.concurrent.atomic.AtomicBoolean();
        for (int w = 0; w < 3; w++) {
            List<Consumer<IndexTable>> ops = new ArrayList<>();
            for (int o = 0; o < 3; o++) {
                Key key = random.nextBoolean() ? ADA : BOB;
                ops.add(random.nextInt(5) == 0 ? delete(key) : put(key, CITIES.get(random.nextInt(CITIES.size()))));
            }
            writers.add(s -> {
                IndexTable ix = open(s, t, mode, unique, lease);
                for (Consumer<IndexTable> op : ops) {
                    try {
                        op.accept(ix);
                    } catch (UniqueConstraintException refused) {
                        // A refused write is an allowed outcome; the invariants must hold all the same.
                        leftShared.compareAndSet(false, refused.leftShared());
                    } catch (ConcurrentUpdateException refused) {
                        // The same.
                    }
                }
            });
        }
        Interleaving.Outcome outcome = Interleaving.run(backend, t.both(), Interleaving.random(seed), writers).allowing();
        assertConsistent(open(store, t, mode, unique, lease), unique, mode == IndexConsistency.REPAIRABLE,
                leftShared.get(), "random schedule " + seed + ", " + mode
                + (unique ? ", unique" : "") + ", lease " + lease + ", calls:\n" + outcome.describe());
    }
}
