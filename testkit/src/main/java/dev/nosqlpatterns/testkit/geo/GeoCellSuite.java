package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.ids;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.load.LoadException;
import dev.nosqlpatterns.load.LoadReport;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The cell strategy of the geo index on the storage SPI: a put, move or remove interrupted at any write
 * leaves the old or the new point and never a wrong one, verify finds the leftovers and repair removes
 * them; racing writers of one id settle on one point; and what a search reads is measured.
 */
public abstract class GeoCellSuite extends StoreSuite {
    private static final LatLon HOME = LatLon.of(52.52, 13.405);
    private static final LatLon AWAY = destination(HOME, 60, 2_000);
    private static final LatLon NEIGHBOUR = destination(HOME, 200, 300);

    private GeoIndex index(Store on, String table, String name, boolean verified) {
        return GeoIndex.builder(on, table).name(name).strategy(GeoIndex.Strategy.CELLS).verifiedReads(verified).build();
    }

    @Test
    void aMoveInterruptedAtAnyWriteShowsTheOldOrTheNewPointAndRepairs() {
        interruptEveryWrite("move", ix -> ix.put("a", HOME), ix -> ix.put("a", AWAY), List.of(HOME, AWAY), true);
    }

    @Test
    void aFirstPutInterruptedAtAnyWriteShowsNothingOrTheNewPointAndRepairs() {
        interruptEveryWrite("first", ix -> { }, ix -> ix.put("a", HOME), List.of(HOME), false);
    }

    @Test
    void aRemoveInterruptedAtAnyWriteShowsTheOldPointOrNothingAndRepairs() {
        interruptEveryWrite("remove", ix -> ix.put("a", HOME), ix -> ix.remove("a"), List.of(HOME), false);
    }

    @Test
    void aBulkMoveInterruptedAtAnyWriteShowsTheOldOrTheNewPointAndRepairs() {
        interruptEveryWrite("bulk-move", ix -> ix.put("a", HOME), ix -> ix.putAll(loadWith("a", AWAY)),
                List.of(HOME, AWAY), true);
    }

    /** A load of {@code id} at {@code point} among new points far away: a bulk load that moves one and adds others. */
    private static Map<String, LatLon> loadWith(String id, LatLon point) {
        Map<String, LatLon> load = new LinkedHashMap<>();
        load.put("far1", destination(HOME, 90, 40_000));
        load.put(id, point);
        load.put("far2", destination(HOME, 180, 60_000));
        return load;
    }

    /**
     * Counts the writes of {@code operation} on a clean run, then for each write and each side of it
     * crashes there and checks: verified searches show "a" at most once (exactly once when
     * {@code alwaysVisible}) and only at a place it was put,
     * "b" is untouched, repair leaves verify clean, unverified searches then agree, and the operation
     * can be run again to the end.
     */
    private void interruptEveryWrite(String label, Consumer<GeoIndex> setup, Consumer<GeoIndex> operation,
                                     List<LatLon> allowed, boolean alwaysVisible) {
        String table = newTable();
        FaultInjectingBackend counting = countingBackend();
        int steps;
        try (Store countingStore = Store.of(counting)) {
            countingStore.createTable(TableSpec.named(table));
            GeoIndex ix = index(countingStore, table, label + "-count", false);
            setup.accept(ix);
            int before = counting.writes();
            operation.accept(ix);
            steps = counting.writes() - before;
        }
        assertTrue(steps >= 1, "the operation writes");
        System.out.printf("geo index on %s: %s takes %d writes%n", store.kind(), label, steps);
        for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
            for (int step = 1; step <= steps; step++) {
                String name = label + "-" + when + "-" + step;
                GeoIndex good = index(store, table, name, false);
                setup.accept(good);
                good.put("b", NEIGHBOUR);
                try (Store crashing = crashingStore(step, when)) {
                    GeoIndex doomed = index(crashing, table, name, false);
                    assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> operation.accept(doomed), name);
                }
                GeoIndex verified = index(store, table, name, true);
                List<GeoHit> seen = verified.withinRadius(HOME, 5_000, 10);
                List<GeoHit> a = seen.stream().filter(h -> h.id().equals("a")).toList();
                assertTrue(a.size() <= 1 && a.stream().allMatch(h -> allowed.contains(h.point())), () -> name + ": " + seen);
                assertTrue(a.size() == 1 || !alwaysVisible, () -> name + ": a is not found: " + seen);
                assertTrue(seen.stream().anyMatch(h -> h.id().equals("b") && h.point().equals(NEIGHBOUR)), name);
                good.repair();
                GeoVerification after = good.verify();
                assertTrue(after.consistent(), () -> name + ": " + after);
                assertEquals(ids(seen), ids(good.withinRadius(HOME, 5_000, 10)), name);
                operation.accept(good);
                assertEquals(ids(verified.withinRadius(HOME, 5_000, 10)), ids(good.withinRadius(HOME, 5_000, 10)), name);
                assertTrue(good.verify().consistent(), name);
            }
        }
    }

    /**
     * A stream of points loads a window at a time with a report after each; a bad id stops the load with nothing of
     * its window placed and says where to resume, and loading again from there finishes it with the index exact.
     */
    @Test
    void aStreamOfPointsLoadsWindowByWindowAndResumesAfterABadId() {
        GeoIndex index = index(store, newTable(), "stream", false);
        List<Map.Entry<String, LatLon>> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            all.add(new java.util.AbstractMap.SimpleEntry<>("s" + i, destination(HOME, i * 14, 200 + 35 * i)));
        }
        List<Map.Entry<String, LatLon>> withBad = new ArrayList<>(all);
        withBad.set(14, new java.util.AbstractMap.SimpleEntry<>("", HOME));
        List<LoadReport> seen = new ArrayList<>();
        LoadException stopped = assertThrows(LoadException.class,
                () -> index.load(withBad.stream()).windowSize(10).onProgress(seen::add).run());
        assertEquals(10, stopped.resumeAt(), stopped.getMessage());
        assertTrue(stopped.getMessage().contains("position 10 to 19"), stopped.getMessage());
        assertEquals(List.of(10L), seen.stream().map(LoadReport::loaded).toList());
        Map<String, LatLon> firstWindow = new LinkedHashMap<>();
        all.subList(0, 10).forEach(e -> firstWindow.put(e.getKey(), e.getValue()));
        assertEquals(within(firstWindow, HOME, 5_000, 100), ids(index.withinRadius(HOME, 5_000, 100)),
                "the window before the bad id, nothing of its own");
        assertEquals(10, index.verify().points());

        LoadReport done = index.load(all.stream().skip(stopped.resumeAt())).windowSize(10).run();
        assertEquals(15, done.loaded());
        assertEquals(2, done.windows());
        assertTrue(done.roundTrips() >= 2 && done.itemsWritten() >= 15, done.toString());
        Map<String, LatLon> expected = new LinkedHashMap<>();
        all.forEach(e -> expected.put(e.getKey(), e.getValue()));
        assertEquals(within(expected, HOME, 5_000, 100), ids(index.withinRadius(HOME, 5_000, 100)));
        GeoVerification audit = index.verify();
        assertTrue(audit.consistent(), audit::toString);
        assertEquals(25, audit.points());
    }

    @Test
    void verifyFindsNothingOnACleanIndexAndCountsItsItems() {
        GeoIndex index = index(store, newTable(), "clean", false);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 30; i++) {
            points.put("c" + i, destination(HOME, i * 12, 100 + 30 * i));
        }
        index.putAll(points);
        index.put("c3", AWAY);
        index.remove("c4");
        GeoVerification audit = index.verify();
        assertTrue(audit.consistent(), audit::toString);
        assertEquals(29, audit.entries());
        assertEquals(29, audit.points());
    }

    @Test
    void repairPutsBackMissingEntriesAndRewritesAlteredOnes() {
        String table = newTable();
        GeoIndex index = index(store, table, "tamper", false);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            points.put("t" + i, destination(HOME, i * 72, 500));
        }
        index.putAll(points);
        List<Item> entries = store.scanAll(Scan.of(table)).filter(item -> !item.key().sort().equals("point")).toList();
        assertEquals(5, entries.size());
        store.delete(table, entries.get(0).key());
        Item altered = entries.get(1).toBuilder().put("lat", Value.of(HOME.latitude())).build();
        store.put(table, altered);
        GeoVerification found = index.verify();
        assertEquals(1, found.missingEntries(), found::toString);
        assertEquals(1, found.staleEntries(), found::toString);
        index.repair();
        assertTrue(index.verify().consistent());
        assertEquals(within(points, HOME, 1_000, 10), ids(index.withinRadius(HOME, 1_000, 10)));
        for (GeoHit hit : index.withinRadius(HOME, 1_000, 10)) {
            assertEquals(points.get(hit.id()), hit.point());
        }
    }

    @Test
    void racingWritersOfOneIdSettleOnOnePoint() throws Exception {
        String table = newTable();
        List<LatLon> places = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            places.add(destination(HOME, i * 30, 50 + 40 * i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                runs.add(pool.submit(() -> {
                    GeoIndex ix = index(store, table, "race", false);
                    for (int i = writer; i < places.size(); i += 2) {
                        ix.put("a", places.get(i));
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            pool.shutdown();
        }
        GeoIndex verified = index(store, table, "race", true);
        List<GeoHit> seen = verified.withinRadius(HOME, 2_000, 10);
        assertEquals(1, seen.size(), seen::toString);
        assertTrue(places.contains(seen.get(0).point()));
        GeoIndex plain = index(store, table, "race", false);
        plain.repair();
        assertTrue(plain.verify().consistent());
        assertEquals(seen, plain.withinRadius(HOME, 2_000, 10));
    }

    @Test
    void searchesReadLittleMoreThanTheyFindInAFewQueries() {
        GeoIndex index = index(store, newTable(), "density", false);
        Random random = new Random(9);
        Map<String, LatLon> points = new LinkedHashMap<>();
        for (int i = 0; i < 600; i++) {
            points.put("d" + i, LatLon.of(45 + random.nextDouble() * 0.09, 7 + random.nextDouble() * 0.127));
        }
        index.putAll(points);
        CostTally tally = new CostTally();
        AtomicLong queries = new AtomicLong();
        long found = store.measure(c -> {
            tally.onCost(c);
            queries.addAndGet(c.operation().equals("query") ? 1 : 0);
        }, () -> {
            long n = 0;
            for (int s = 0; s < 8; s++) {
                LatLon centre = LatLon.of(45.02 + random.nextDouble() * 0.05, 7.03 + random.nextDouble() * 0.07);
                double radius = 1_000 + 3_000 * random.nextDouble();
                long before = queries.get();
                List<GeoHit> hits = index.withinRadius(centre, radius, 1_000);
                assertEquals(within(points, centre, radius, 1_000), ids(hits));
                assertTrue(queries.get() - before <= 8, "queries for one search: " + (queries.get() - before));
                n += hits.size();
            }
            return n;
        });
        double amplification = tally.itemsRead() / (double) found;
        System.out.printf("geo index on %s: %d points found, %d items read (%.2f per point found), %d queries, %s%n",
                store.kind(), found, tally.itemsRead(), amplification, queries.get(), tally);
        assertTrue(found > 100, "points found: " + found);
        assertTrue(amplification >= 1.0 && amplification <= 2.5, "items read per point found: " + amplification);
    }
}
