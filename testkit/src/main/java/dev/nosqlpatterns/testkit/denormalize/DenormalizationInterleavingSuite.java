package dev.nosqlpatterns.testkit.denormalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Denormalized copies under live concurrent writers, with no crash: one writer is paused before each of
 * its store calls in turn while a second runs a conflicting operation to completion, then the first
 * resumes; and seeded random schedules of several writers. After all finish, before any repair, every
 * copy equals its source's current value (absent when the source or the reference is), and
 * {@link Denormalizer#verify} finds no stale copy. Stores with atomic writes fan out atomically; the
 * kit's run without them proves the ordered protocol.
 */
public abstract class DenormalizationInterleavingSuite extends StoreSuite {
    private static final String BASE = "<BASE>";
    private static final String BBC = "provider|bbc";
    private static final String CNN = "provider|cnn";

    private record Tables(String providers, String articles, String reverse) {
        List<String> all() {
            return List.of(providers, articles, reverse);
        }

        CopyRule rule() {
            return new CopyRule(providers, BASE, "name", articles, "providerId", "providerName", reverse);
        }
    }

    private static Denormalizer open(Store on, Tables t) {
        return Denormalizer.of(on, List.of(t.rule()));
    }

    private static Consumer<Denormalizer> rename(Tables t, String provider, String name) {
        return d -> d.putSource(t.providers(), Item.builder(provider, BASE).put("name", name).build());
    }

    private static Consumer<Denormalizer> remove(Tables t, String provider) {
        return d -> d.deleteSource(t.providers(), Key.of(provider, BASE));
    }

    private static Consumer<Denormalizer> article(Tables t, int n, String provider) {
        return d -> d.putTarget(t.articles(), Item.builder("article|" + n, BASE).put("title", "a" + n)
                .put("providerId", provider).build());
    }

    /** The tables of one test, created once and emptied before each schedule (table creation is slow on some stores). */
    private Tables newTables() {
        return new Tables(newTable(), newTable(), newTable());
    }

    /** Empties the tables, then writes two providers and four articles, three of them by the BBC, every copy up to date. */
    private Tables seed(Tables t) {
        for (String table : t.all()) {
            store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        }
        Denormalizer d = open(store, t);
        rename(t, BBC, "BBC").accept(d);
        rename(t, CNN, "CNN").accept(d);
        for (int n = 0; n < 4; n++) {
            article(t, n, n < 3 ? BBC : CNN).accept(d);
        }
        return t;
    }

    /**
     * Pauses writer A before each of its store calls in turn (and once after it finished), runs B to the
     * end meanwhile, resumes A, and checks the invariants after every schedule.
     */
    private void pauseAtEveryStep(Function<Tables, Consumer<Denormalizer>> a, Function<Tables, Consumer<Denormalizer>> b) {
        pauseAtEveryStep(t -> { }, a, b);
    }

    private void pauseAtEveryStep(Consumer<Tables> setup, Function<Tables, Consumer<Denormalizer>> a,
                                  Function<Tables, Consumer<Denormalizer>> b) {
        Tables t = newTables();
        Tables counted = seed(t);
        setup.accept(counted);
        int points = Interleaving.stepPoints(backend, counted.all(), s -> a.apply(counted).accept(open(s, counted)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            seed(t);
            setup.accept(t);
            Interleaving.Outcome outcome = Interleaving.run(backend, t.all(), Interleaving.pauseFirstAt(p),
                    s -> a.apply(t).accept(open(s, t)), s -> b.apply(t).accept(open(s, t))).allowing();
            assertConsistent(t, "A paused at step point " + p + " of " + points + ", calls:\n" + outcome.describe());
        }
    }

    /** Every article's copy equals its provider's current name, and verify finds nothing stale. */
    private void assertConsistent(Tables t, String schedule) {
        Map<String, String> names = new TreeMap<>();
        store.scanAll(Scan.of(t.providers())).forEach(p -> names.put(p.key().partition(), p.getString("name").orElse("-")));
        Map<String, String> expected = new TreeMap<>();
        Map<String, String> actual = new TreeMap<>();
        store.scanAll(Scan.of(t.articles())).forEach(a -> {
            String ref = a.getString("providerId").orElse("?");
            expected.put(a.key().partition(), ref + "=" + names.getOrDefault(ref, "-"));
            actual.put(a.key().partition(), ref + "=" + a.getString("providerName").orElse("-"));
        });
        assertEquals(expected, actual, "copies against their sources (" + schedule + ")");
        CopyVerification drift = open(store, t).verify(t.rule());
        assertTrue(drift.consistent(), "verify after " + schedule + ": " + drift);
    }

    @Test
    void sourceChangedTwice() {
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> rename(t, BBC, "BBC Two"));
    }

    @Test
    void sourceChangedAndChangedBack() {
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> rename(t, BBC, "BBC"));
    }

    @Test
    void sourceChangedWhileATargetIsAdded() {
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> article(t, 9, BBC));
    }

    @Test
    void targetAddedWhileItsSourceChanges() {
        pauseAtEveryStep(t -> article(t, 9, BBC), t -> rename(t, BBC, "BBC One"));
    }

    @Test
    void targetMovedWhileItsSourceChanges() {
        pauseAtEveryStep(t -> article(t, 0, CNN), t -> rename(t, BBC, "BBC One"));
        pauseAtEveryStep(t -> article(t, 3, BBC), t -> rename(t, BBC, "BBC One"));
    }

    @Test
    void sourceChangedWhileATargetMoves() {
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> article(t, 0, CNN));
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> article(t, 3, BBC));
    }

    @Test
    void sourceDeletedWhileChanged() {
        pauseAtEveryStep(t -> remove(t, BBC), t -> rename(t, BBC, "BBC One"));
    }

    @Test
    void sourceChangedWhileDeleted() {
        pauseAtEveryStep(t -> rename(t, BBC, "BBC One"), t -> remove(t, BBC));
    }

    @Test
    void targetAddedWhileItsSourceIsDeleted() {
        pauseAtEveryStep(t -> article(t, 9, BBC), t -> remove(t, BBC));
    }

    @Test
    void repairWhileTheSourceChanges() {
        Consumer<Tables> staleCopy = t -> store.update(t.articles(), Key.of("article|1", BASE),
                UpdateAction.set("providerName", dev.nosqlpatterns.item.Value.of("stale")));
        pauseAtEveryStep(staleCopy, t -> d -> d.repair(t.rule()), t -> rename(t, BBC, "BBC One"));
    }

    /** Several writers changing, deleting, re-pointing and repairing under seeded random schedules; the invariants hold after each. */
    @Test
    void randomSchedules() {
        Tables t = newTables();
        randomSchedules(1.0).forEach(seed -> randomSchedule(seed(t), seed));
    }

    private void randomSchedule(Tables t, long seed) {
        Random random = new Random(seed);
        List<String> providers = List.of(BBC, CNN);
        List<Consumer<Store>> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            List<Consumer<Denormalizer>> ops = new ArrayList<>();
            for (int o = 0; o < 3; o++) {
                String provider = providers.get(random.nextInt(2));
                int kind = random.nextInt(7);
                ops.add(kind == 0 ? remove(t, provider)
                        : kind <= 2 ? article(t, random.nextInt(5), provider)
                        : kind == 6 ? d -> d.repair(t.rule())
                        : rename(t, provider, "name" + random.nextInt(3)));
            }
            writers.add(s -> {
                Denormalizer d = open(s, t);
                for (Consumer<Denormalizer> op : ops) {
                    try {
                        op.accept(d);
                    } catch (ConcurrentUpdateException refused) {
                        // A write that gave up under contention is allowed; the invariants must hold all the same.
                    }
                }
            });
        }
        Interleaving.Outcome outcome = Interleaving.run(backend, t.all(), Interleaving.random(seed), writers).allowing();
        assertConsistent(t, "random schedule " + seed + ", calls:\n" + outcome.describe());
    }
}
