package dev.nosqlpatterns.testkit.enumerable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.SequentialLog;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Enumerable keys under live concurrent writers, with no crash: one writer paused before each of its store
 * calls in turn while another runs. Events appended to a new time bucket are all catalogued and read in both
 * directions; a delete beside an append removes only its own event; ids allocated concurrently are distinct
 * and leave no gap when every append succeeds.
 */
public abstract class EnumerableKeysInterleavingSuite extends StoreSuite {
    private static final Instant T1 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2026-03-01T11:00:00Z");

    private record Tables(String events, String catalogue) {
        List<String> both() {
            return List.of(events, catalogue);
        }

        BucketedTimeline timeline(Store on) {
            return BucketedTimeline.create(on, events, catalogue, Granularity.DAY);
        }
    }

    private void pauseAtEveryStep(List<Consumer<BucketedTimeline>> setup, Consumer<BucketedTimeline> a,
                                  Consumer<BucketedTimeline> b, Set<String> expected) {
        Tables counted = new Tables(newTable(), newTable());
        int points = Interleaving.stepPoints(backend, counted.both(), s -> a.accept(counted.timeline(s)));
        assertTrue(points >= 1, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            Tables t = new Tables(newTable(), newTable());
            BucketedTimeline mine = t.timeline(store);
            setup.forEach(s -> s.accept(mine));
            Interleaving.Outcome outcome = Interleaving.run(backend, t.both(), Interleaving.pauseFirstAt(p),
                    s -> a.accept(t.timeline(s)), s -> b.accept(t.timeline(s))).allowing();
            String why = "A paused at step point " + p + ", calls:\n" + outcome.describe();
            BucketedTimeline fresh = t.timeline(store);
            Set<String> forward = new TreeSet<>(fresh.forwardFrom("s", T1.minusSeconds(86_400 * 40))
                    .map(BucketedTimeline.Event::id).toList());
            Set<String> backward = new TreeSet<>(fresh.backwardFrom("s", T2.plusSeconds(86_400 * 40))
                    .map(BucketedTimeline.Event::id).toList());
            assertEquals(expected, forward, "forward read (" + why + ")");
            assertEquals(expected, backward, "backward read (" + why + ")");
            if (!expected.isEmpty()) {
                assertTrue(fresh.buckets("s").contains(Granularity.DAY.label(T1)), "catalogue (" + why + ")");
            }
        }
    }

    private static Consumer<BucketedTimeline> put(Instant at, String id) {
        return tl -> tl.put("s", at, id, Map.of("v", Value.of(id)));
    }

    @Test
    void twoAppendsToANewBucket() {
        pauseAtEveryStep(List.of(), put(T1, "e1"), put(T2, "e2"), Set.of("e1", "e2"));
    }

    @Test
    void deleteBesideAnAppendInOneBucket() {
        pauseAtEveryStep(List.of(put(T1, "e1")), tl -> tl.delete("s", T1, "e1"), put(T2, "e2"), Set.of("e2"));
    }

    @Test
    void appendBesideADeleteInOneBucket() {
        pauseAtEveryStep(List.of(put(T1, "e1")), put(T2, "e2"), tl -> tl.delete("s", T1, "e1"), Set.of("e2"));
    }

    /**
     * Three writers, three appends or deletes each over four days, under seeded random schedules: reads
     * forward and backward find exactly the events stored, and the catalogue lists every day that has one.
     */
    @Test
    void randomSchedules() {
        Tables t = new Tables(newTable(), newTable());
        List<Instant> days = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            days.add(T1.plusSeconds(86_400L * d));
        }
        Runnable reset = () -> {
            for (String table : t.both()) {
                store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
            }
            BucketedTimeline seeded = t.timeline(store);
            for (int d = 0; d < days.size(); d += 2) {
                put(days.get(d), "s" + d).accept(seeded);
            }
        };
        Interleaving.randomSchedules(backend, t.both(), randomSchedules(1.0), reset,
                random -> {
                    List<Consumer<Store>> writers = new ArrayList<>();
                    for (int w = 0; w < 3; w++) {
                        List<Consumer<BucketedTimeline>> ops = new ArrayList<>();
                        for (int o = 0; o < 3; o++) {
                            int d = random.nextInt(days.size());
                            ops.add(random.nextInt(3) == 0 && d % 2 == 0 ? tl -> tl.delete("s", days.get(d), "s" + d)
                                    : put(days.get(d), "w" + w + "o" + o));
                        }
                        writers.add(s -> {
                            BucketedTimeline tl = t.timeline(s);
                            ops.forEach(op -> op.accept(tl));
                        });
                    }
                    return writers;
                }, why -> {
                    Set<String> stored = new TreeSet<>();
                    Set<String> partitions = new TreeSet<>();
                    store.scanAll(Scan.of(t.events())).forEach(i -> {
                        stored.add(i.getString("v").orElseThrow());
                        partitions.add(i.key().partition());
                    });
                    BucketedTimeline fresh = t.timeline(store);
                    assertEquals(stored, new TreeSet<>(fresh.forwardFrom("s", T1.minusSeconds(86_400))
                            .map(BucketedTimeline.Event::id).toList()), "forward read (" + why + ")");
                    assertEquals(stored, new TreeSet<>(fresh.backwardFrom("s", T1.plusSeconds(86_400L * 10))
                            .map(BucketedTimeline.Event::id).toList()), "backward read (" + why + ")");
                    List<String> catalogued = fresh.buckets("s");
                    for (String partition : partitions) {
                        assertTrue(catalogued.stream().anyMatch(partition::contains),
                                "bucket of partition " + partition + " in the catalogue " + catalogued + " (" + why + ")");
                    }
                });
    }

    /** Two writers each append twice, paused at every step: ids 1 to 4, each once, all items present. */
    @Test
    void idsAllocatedConcurrently() {
        String table = newTable();
        String counters = newTable();
        Consumer<Store> twice = s -> {
            SequentialLog log = SequentialLog.create(s, table, counters);
            log.append("u", Map.of("v", Value.of(1)));
            log.append("u", Map.of("v", Value.of(2)));
        };
        int points = Interleaving.stepPoints(backend, List.of(table, counters), twice);
        for (int p = 1; p <= points + 1; p++) {
            String scope = "u";
            String events = newTable();
            String counter = newTable();
            Consumer<Store> w = s -> {
                SequentialLog log = SequentialLog.create(s, events, counter);
                log.append(scope, Map.of("v", Value.of(1)));
                log.append(scope, Map.of("v", Value.of(2)));
            };
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(events, counter),
                    Interleaving.pauseFirstAt(p), w, w).allowing();
            SequentialLog log = SequentialLog.create(store, events, counter);
            List<Long> ids = new ArrayList<>(log.latest(scope, 10).stream().map(SequentialLog.Numbered::id).toList());
            assertEquals(List.of(4L, 3L, 2L, 1L), ids, "ids, paused at " + p + ", calls:\n" + outcome.describe());
            assertEquals(4L, log.lastId(scope));
        }
    }
}
