package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoAudit;
import dev.nosqlpatterns.geo.GeoHit;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLon;
import dev.nosqlpatterns.store.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The cell strategy of the geo index under live concurrent writers, with no crash: writer A is paused
 * before each of its store calls in turn while B puts, moves or removes the same id to completion, then A
 * resumes; and seeded random schedules of three writers over two ids. After all finish, before any
 * repair, verify finds no stale or missing entry and no unfinished move, a plain search answers what a
 * search verified against the point records answers, and no id is found twice. Stores with atomic writes
 * write entries and point records together; the kit's run without them proves the ordered steps.
 */
public abstract class GeoCellInterleavingSuite extends StoreSuite {
    private static final LatLon HOME = LatLon.of(52.52, 13.405);
    private static final LatLon AWAY = destination(HOME, 60, 2_000);
    private static final LatLon NEIGHBOUR = destination(HOME, 200, 300);
    private static final List<LatLon> PLACES = List.of(HOME, AWAY, NEIGHBOUR);

    private static GeoIndex open(Store on, String table, boolean verified) {
        return GeoIndex.builder(on, table).name("ilv").strategy(GeoIndex.Strategy.CELLS).verifiedReads(verified)
                .maxAttempts(50).build();
    }

    /** Empties the table and puts "a" at home and "b" at the neighbour's. */
    private void seed(String table) {
        store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        GeoIndex ix = open(store, table, false);
        ix.put("a", HOME);
        ix.put("b", NEIGHBOUR);
    }

    private void pauseAtEveryStep(Consumer<GeoIndex> a, Consumer<GeoIndex> b) {
        String table = newTable();
        Interleaving.pauseAtEveryStep(backend, List.of(table), () -> seed(table), s -> a.accept(open(s, table, false)),
                s -> b.accept(open(s, table, false)), why -> assertConsistent(table, why));
    }

    private void assertConsistent(String table, String schedule) {
        GeoAudit audit = open(store, table, false).verify();
        assertTrue(audit.isClean(), () -> "verify: " + audit + " (" + schedule + ")");
        List<GeoHit> plain = open(store, table, false).withinRadius(HOME, 5_000, 10);
        List<GeoHit> verified = open(store, table, true).withinRadius(HOME, 5_000, 10);
        assertEquals(verified, plain, "a plain search against one verified by the point records (" + schedule + ")");
        Set<String> ids = new HashSet<>();
        plain.forEach(h -> assertTrue(ids.add(h.id()), "id " + h.id() + " found twice: " + plain + " (" + schedule + ")"));
    }

    @Test
    void twoMovesOfOneId() {
        pauseAtEveryStep(ix -> ix.put("a", AWAY), ix -> ix.put("a", NEIGHBOUR));
    }

    @Test
    void twoPutsToOnePlace() {
        pauseAtEveryStep(ix -> ix.put("a", AWAY), ix -> ix.put("a", AWAY));
    }

    @Test
    void aMoveBackWhileMovedAway() {
        pauseAtEveryStep(ix -> ix.put("a", HOME), ix -> ix.put("a", AWAY));
    }

    @Test
    void aMoveWhileRemoved() {
        pauseAtEveryStep(ix -> ix.put("a", AWAY), ix -> ix.remove("a"));
    }

    @Test
    void aRemoveWhileMoved() {
        pauseAtEveryStep(ix -> ix.remove("a"), ix -> ix.put("a", AWAY));
    }

    @Test
    void aFirstPutWhilePutElsewhere() {
        pauseAtEveryStep(ix -> ix.put("c", HOME), ix -> ix.put("c", AWAY));
    }

    /**
     * A paused twice: after {@code first} calls while B makes {@code middle}, and again after {@code second}
     * more while B ends; every such schedule of a move of "a" against two moves in a row, so that B's second
     * move lands while A is between reading the point record and acting on it after losing a race.
     */
    @Test
    void aMoveAgainstTwoMovesPausedTwice() {
        Consumer<GeoIndex> a = ix -> ix.put("a", AWAY);
        Consumer<GeoIndex> b = ix -> {
            ix.put("a", AWAY);
            ix.put("a", NEIGHBOUR);
        };
        String table = newTable();
        seed(table);
        int aPoints = Interleaving.stepPoints(backend, List.of(table), s -> a.accept(open(s, table, false))) + 4;
        int bPoints = Interleaving.stepPoints(backend, List.of(table), s -> b.accept(open(s, table, false)));
        int stride = "memory".equals(store.kind()) ? 1 : 3;
        int n = 0;
        for (int first = 1; first <= aPoints; first++) {
            for (int middle = 1; middle <= bPoints; middle++) {
                for (int second = 1; second <= aPoints - first; second++) {
                    if (n++ % stride != 0) {
                        continue;
                    }
                    seed(table);
                    Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table),
                            Interleaving.script(first, middle, second), s -> a.accept(open(s, table, false)),
                            s -> b.accept(open(s, table, false))).allowing();
                    assertConsistent(table, "script " + first + "/" + middle + "/" + second + ", calls:\n"
                            + outcome.describe());
                }
            }
        }
    }

    /** Three writers, three puts or removes each over two ids and three places, under seeded random schedules. */
    @Test
    void randomSchedules() {
        String table = newTable();
        Interleaving.randomSchedules(backend, List.of(table), "memory".equals(store.kind()) ? 1000 : 10, 6151L,
                () -> seed(table), random -> {
                    List<Consumer<Store>> writers = new ArrayList<>();
                    for (int w = 0; w < 3; w++) {
                        List<Consumer<GeoIndex>> ops = new ArrayList<>();
                        for (int o = 0; o < 3; o++) {
                            String id = random.nextBoolean() ? "a" : "b";
                            LatLon place = PLACES.get(random.nextInt(PLACES.size()));
                            ops.add(random.nextInt(4) == 0 ? ix -> ix.remove(id) : ix -> ix.put(id, place));
                        }
                        writers.add(s -> ops.forEach(op -> op.accept(open(s, table, false))));
                    }
                    return writers;
                }, why -> assertConsistent(table, why));
    }
}
