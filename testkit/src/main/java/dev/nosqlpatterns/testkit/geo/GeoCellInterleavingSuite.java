package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.CapabilityMaskingBackend;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.KitProfile;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cell strategy of the geo index under live concurrent writers of one point id, with no crash: one
 * writer is paused before each of its store calls in turn while a second puts, moves, removes or re-adds
 * the same id to completion, then the first resumes; and seeded random schedules of three writers. After
 * all finish, before any repair, radius and box searches (plain and verified reads) answer exactly what
 * the point records hold (no point missing, none at a place it left, none twice), and verify finds no
 * drift. Each case runs with the store's atomic writes and with them hidden, which proves the ordered
 * protocol of stores without transactions.
 */
public abstract class GeoCellInterleavingSuite extends StoreSuite {
    private static final LatLon X = LatLon.of(52.52, 13.405);
    /** Another position in the same 12-character cell as X. */
    private static final LatLon X2 = LatLon.of(52.52 + 1e-9, 13.405 + 1e-9);
    private static final LatLon Y = destination(X, 60, 2_000);
    /** In another partition of entries (more than the 156 km of a 3-character cell away). */
    private static final LatLon Z = destination(X, 200, 400_000);
    private static final LatLon B_HOME = destination(X, 300, 700);
    private static final List<LatLon> PLACES = List.of(X, X2, Y, Z);
    private static final CompositeKeyCodec POINT_PARTITION = CompositeKeyCodec.of(SegmentType.STRING,
            SegmentType.STRING, SegmentType.STRING, SegmentType.STRING);

    private static GeoIndex open(Store on, String table, boolean verified) {
        return open(on, table, verified, 10);
    }

    /** With {@code attempts} 1, a writer that loses a race settles it and gives up, which must leave no drift either. */
    private static GeoIndex open(Store on, String table, boolean verified, int attempts) {
        return GeoIndex.builder(on, table).name("ilv").strategy(GeoIndex.Strategy.CELLS).verifiedReads(verified)
                .maxAttempts(attempts).build();
    }

    private static Consumer<GeoIndex> put(LatLon at) {
        return ix -> ix.put("a", at);
    }

    private static Consumer<GeoIndex> remove() {
        return ix -> ix.remove("a");
    }

    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read
    private static Consumer<GeoIndex> seq(Consumer<GeoIndex>... ops) {
        return ix -> List.of(ops).forEach(op -> op.accept(ix));
    }

    /** The backend the writers use: the store's own, or the same data with atomic writes hidden. */
    private StoreBackend writers(boolean atomic) {
        if (atomic) {
            assumeCapability(Capability.ATOMIC_WRITES);
            return backend;
        }
        return CapabilityMaskingBackend.withoutAtomicWrites(backend);
    }

    /** Empties {@code table} (created once per test: table creation is slow on some stores), then puts "b" and {@code setup}. */
    private void seed(String table, Consumer<GeoIndex> setup) {
        store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        GeoIndex ix = open(store, table, false);
        ix.put("b", B_HOME);
        setup.accept(ix);
    }

    /**
     * Retry limits tried: with {@link KitProfile.Mode#EVERY_RETRY_LIMIT} a writer that retries and one that gives
     * up, else only the one attempt that leaves a lost race unhidden.
     */
    private int[] attemptSettings() {
        return kit.runs(KitProfile.Mode.EVERY_RETRY_LIMIT) ? new int[] {10, 1} : new int[] {1};
    }

    private void pauseAtEveryStep(boolean atomic, Consumer<GeoIndex> setup, Consumer<GeoIndex> a, Consumer<GeoIndex> b) {
        StoreBackend on = writers(atomic);
        String table = newTable();
        seed(table, setup);
        int points = Interleaving.stepPoints(on, List.of(table), s -> a.accept(open(s, table, false)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int attempts : attemptSettings()) {
            for (int p = 1; p <= points + 1; p++) {
                seed(table, setup);
                Interleaving.Outcome outcome = Interleaving.run(on, List.of(table), Interleaving.pauseFirstAt(p),
                        s -> a.accept(open(s, table, false, attempts)), s -> b.accept(open(s, table, false, attempts)))
                        .allowing(ConditionFailedException.class);
                assertConsistent(table, (atomic ? "atomic" : "ordered") + ", " + attempts + " attempts, A paused at step point "
                        + p + " of " + points + ", calls:\n" + outcome.describe());
            }
        }
    }

    /** The positions the point records hold, by id, read raw from the table. */
    private Map<String, LatLon> truth(String table) {
        Map<String, LatLon> points = new TreeMap<>();
        store.scanAll(Scan.of(table)).filter(i -> i.key().sort().equals("point")).forEach((Item i) -> points.put(
                (String) POINT_PARTITION.decode(i.key().partition()).get(3),
                LatLon.of(i.getNumber("lat").orElseThrow().doubleValue(), i.getNumber("lon").orElseThrow().doubleValue())));
        return points;
    }

    /** Searches of both kinds answer what the point records hold, each hit at its recorded place; verify is clean. */
    private void assertConsistent(String table, String schedule) {
        Map<String, LatLon> truth = truth(table);
        assertTrue(truth.containsKey("b") && truth.get("b").equals(B_HOME), "b untouched (" + schedule + ")");
        assertTrue(truth.values().stream().allMatch(p -> p.equals(B_HOME) || PLACES.contains(p)),
                () -> "points at places never put: " + truth + " (" + schedule + ")");
        for (boolean verified : new boolean[] {false, true}) {
            GeoIndex ix = open(store, table, verified);
            String how = (verified ? "verified" : "plain") + " reads, records " + truth + " (" + schedule + ")";
            for (LatLon centre : List.of(X, Z)) {
                for (double radius : new double[] {1_000, 5_000, 1_000_000}) {
                    assertHits(truth, GeoFixtures.within(truth, centre, radius, 10),
                            ix.withinRadius(centre, radius, 10), "radius " + radius + " around " + centre + ", " + how);
                }
            }
            for (LatLonBox box : List.of(LatLonBox.of(52.51, 13.39, 52.53, 13.42), LatLonBox.of(48, 10, 53, 14))) {
                assertHits(truth, GeoFixtures.inside(truth, box), ix.withinBox(box, 10), "box " + box + ", " + how);
            }
        }
        GeoVerification audit = open(store, table, false).verify();
        assertTrue(audit.consistent(), () -> "verify: " + audit + " (" + schedule + ")");
        assertEquals(truth.size(), audit.entries(), "one entry per point (" + schedule + ")");
        assertEquals(truth.size(), audit.points(), "point records (" + schedule + ")");
    }

    private static void assertHits(Map<String, LatLon> truth, List<String> expected, List<GeoHit> hits, String what) {
        assertEquals(expected, GeoFixtures.ids(hits), what);
        for (GeoHit hit : hits) {
            assertEquals(truth.get(hit.id()), hit.point(), "place of " + hit.id() + ", " + what);
        }
    }

    @Test
    void theSameCellHoldsTwoPositions() {
        assertEquals(GeoHash.toBase32(X.latitude(), X.longitude(), GeoHash.MAX_CHARS),
                GeoHash.toBase32(X2.latitude(), X2.longitude(), GeoHash.MAX_CHARS));
        assertTrue(!X.equals(X2));
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void twoFirstPutsToDifferentPlaces(boolean atomic) {
        pauseAtEveryStep(atomic, ix -> { }, put(X), put(Y));
        pauseAtEveryStep(atomic, ix -> { }, put(X), put(X2));
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void twoMovesToDifferentPlaces(boolean atomic) {
        pauseAtEveryStep(atomic, put(X), put(Y), put(Z));
        pauseAtEveryStep(atomic, put(X), put(X2), put(Y));
        pauseAtEveryStep(atomic, put(X), put(Y), put(X2));
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void moveWhileMovedBackOrToTheSamePlace(boolean atomic) {
        pauseAtEveryStep(atomic, put(X), put(Y), put(X));
        pauseAtEveryStep(atomic, put(X), put(Y), put(Y));
        pauseAtEveryStep(atomic, put(X), put(Z), seq(put(Y), put(X)));
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void moveWhileRemoved(boolean atomic) {
        pauseAtEveryStep(atomic, put(X), put(Y), remove());
        pauseAtEveryStep(atomic, put(X), put(X2), remove());
    }

    /** A repair that runs while a write or a load is half done must not take its new entry for a leftover. */
    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void repairWhileMovedOrPut(boolean atomic) {
        if (!atomic) {
            // an atomic put writes its entry with its record; a load writes them apart on every store
            pauseAtEveryStep(false, put(X), put(Y), GeoIndex::repair);
        }
        pauseAtEveryStep(atomic, ix -> { }, ix -> ix.putAll(java.util.Map.of("a", X)), GeoIndex::repair);
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void removeWhileMoved(boolean atomic) {
        pauseAtEveryStep(atomic, put(X), remove(), put(Y));
        pauseAtEveryStep(atomic, put(X), remove(), put(X2));
        pauseAtEveryStep(atomic, put(X), remove(), remove());
    }

    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void removeWhileRemovedAndReAdded(boolean atomic) {
        pauseAtEveryStep(atomic, put(X), remove(), seq(remove(), put(X)));
        pauseAtEveryStep(atomic, put(X), remove(), seq(remove(), put(X2)));
        pauseAtEveryStep(atomic, put(X), seq(remove(), put(Y)), seq(remove(), put(X)));
        pauseAtEveryStep(atomic, put(X), seq(remove(), put(X)), remove());
    }

    /**
     * A paused twice: at {@code first} while B runs to completion, at {@code second} while C does; so a
     * writer that lost a race and is settling it meets a third writer.
     */
    private static Interleaving.Schedule pauseFirstTwice(int first, int second) {
        return (writer, reached, runnable) -> {
            if (writer == 0 && reached > 0) {
                int other = reached == first ? 1 : reached == second ? 2 : 0;
                return runnable.contains(other) ? other : 0;
            }
            if (writer != 0 && runnable.contains(writer)) {
                return writer;
            }
            return runnable.contains(0) ? 0 : runnable.get(0);
        };
    }

    private void pauseTwiceAtEveryStep(boolean atomic, Consumer<GeoIndex> a, Consumer<GeoIndex> b, Consumer<GeoIndex> c) {
        org.junit.jupiter.api.Assumptions.assumeTrue(!atomic || kit.runs(KitProfile.Mode.ATOMIC_THREE_WRITER_SCHEDULES),
                "the store's kit profile leaves out " + KitProfile.Mode.ATOMIC_THREE_WRITER_SCHEDULES);
        StoreBackend on = writers(atomic);
        String table = newTable();
        seed(table, put(X));
        int points = Interleaving.stepPoints(on, List.of(table), s -> a.accept(open(s, table, false)));
        for (int attempts : attemptSettings()) {
            for (int first = 1; first <= points + 1; first++) {
                for (int second = first + 1; second <= points + 6; second++) {
                    if (!kit.runs(KitProfile.Mode.EVERY_PAUSE_PAIR) && (first + second) % 2 == 0) {
                        continue; // every other pair, unless the store's profile asks for every pair
                    }
                    seed(table, put(X));
                    Interleaving.Outcome outcome = Interleaving.run(on, List.of(table), pauseFirstTwice(first, second),
                            s -> a.accept(open(s, table, false, attempts)), s -> b.accept(open(s, table, false, attempts)),
                            s -> c.accept(open(s, table, false, attempts))).allowing(ConditionFailedException.class);
                    assertConsistent(table, (atomic ? "atomic" : "ordered") + ", " + attempts + " attempts, A paused at "
                            + "step points " + first + " and " + second + ", calls:\n" + outcome.describe());
                }
            }
        }
    }

    /** A loses a race for the cell another writer took, and a third writer moves or removes the point meanwhile. */
    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void aLostRaceSettledWhileAThirdWriterActs(boolean atomic) {
        pauseTwiceAtEveryStep(atomic, put(Y), put(Y), remove());
        pauseTwiceAtEveryStep(atomic, put(Y), put(Y), put(Z));
        pauseTwiceAtEveryStep(atomic, put(X2), put(X), put(Y));
        pauseTwiceAtEveryStep(atomic, remove(), put(Y), put(Z));
    }

    /** Three writers moving and removing "a" (and sometimes "b") under seeded random schedules; the invariants hold after each. */
    @ParameterizedTest(name = "atomic={0}")
    @ValueSource(booleans = {true, false})
    void randomSchedules(boolean atomic) {
        StoreBackend on = writers(atomic);
        String table = newTable();
        randomSchedules(0.3).forEach(seed -> {
            seed(table, put(X));
            Random random = new Random(seed);
            int attempts = random.nextBoolean() ? 10 : 1 + random.nextInt(2);
            List<Consumer<Store>> writers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                List<Consumer<GeoIndex>> ops = new ArrayList<>();
                for (int o = 0; o < 3; o++) {
                    String id = random.nextInt(6) == 0 ? "c" : "a";
                    LatLon at = PLACES.get(random.nextInt(PLACES.size()));
                    ops.add(random.nextInt(4) == 0 ? ix -> ix.remove(id) : ix -> ix.put(id, at));
                }
                writers.add(s2 -> {
                    GeoIndex ix = open(s2, table, false, attempts);
                    for (Consumer<GeoIndex> op : ops) {
                        try {
                            op.accept(ix);
                        } catch (ConditionFailedException refused) {
                            // A write that gave up under contention is allowed; the invariants must hold all the same.
                        }
                    }
                });
            }
            Interleaving.Outcome outcome = Interleaving.run(on, List.of(table), Interleaving.random(seed), writers).allowing();
            assertConsistent(table, (atomic ? "atomic" : "ordered") + ", " + attempts + " attempts, random schedule " + seed + ", calls:\n"
                    + outcome.describe());
        });
    }
}
