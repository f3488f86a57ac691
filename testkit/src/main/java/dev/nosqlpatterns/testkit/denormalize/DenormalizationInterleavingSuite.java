package dev.nosqlpatterns.testkit.denormalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Denormalized copies under live concurrent writers, with no crash: one writer is paused before each of
 * its store calls in turn while another changes the same source or adds a target, then it resumes; and
 * seeded random schedules of several writers. After all have returned, before any repair, every copy
 * equals its source and verify finds nothing stale.
 */
public abstract class DenormalizationInterleavingSuite extends StoreSuite {
    private static final Key BBC = Key.of("provider|bbc", "<BASE>");

    private record Setup(String providers, String articles, String reverse, CopyRule rule) {
        List<String> tables() {
            return List.of(providers, articles, reverse);
        }

        Denormalizer open(Store on) {
            return Denormalizer.of(on, List.of(rule));
        }
    }

    private Setup fresh(int articles) {
        String providers = newTable();
        String table = newTable();
        String reverse = newTable();
        Setup s = new Setup(providers, table, reverse,
                new CopyRule(providers, "<BASE>", "name", table, "providerId", "providerName", reverse));
        Denormalizer d = s.open(store);
        d.putSource(providers, Item.builder(BBC).put("name", "BBC").build());
        for (int i = 0; i < articles; i++) {
            d.putTarget(table, article(i));
        }
        return s;
    }

    private static Item article(int i) {
        return Item.builder("article|" + i, "<BASE>").put("title", "a" + i).put("providerId", "provider|bbc").build();
    }

    private static BiConsumer<Setup, Denormalizer> rename(String name) {
        return (s, d) -> d.putSource(s.providers(), Item.builder(BBC).put("name", name).build());
    }

    private static BiConsumer<Setup, Denormalizer> addArticle(int i) {
        return (s, d) -> d.putTarget(s.articles(), article(i));
    }

    private void assertCopiesFollowSources(Setup s, String schedule) {
        Optional<Value> truth = store.get(s.providers(), BBC).flatMap(i -> i.get("name"));
        store.scanAll(Scan.of(s.articles())).forEach(a -> assertEquals(truth, a.get("providerName"),
                "copy in " + a.key() + " after " + schedule));
        assertTrue(s.open(store).verify(s.rule()).none(), "verify after " + schedule);
    }

    private void pauseAtEveryStep(int articles, BiConsumer<Setup, Denormalizer> a, BiConsumer<Setup, Denormalizer> b) {
        Setup counted = fresh(articles);
        int points = Interleaving.stepPoints(backend, counted.tables(), st -> a.accept(counted, counted.open(st)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            Setup s = fresh(articles);
            Interleaving.Outcome outcome = Interleaving.run(backend, s.tables(), Interleaving.pauseFirstAt(p),
                    st -> a.accept(s, s.open(st)), st -> b.accept(s, s.open(st))).allowing();
            assertCopiesFollowSources(s, "A paused at step point " + p + ", calls:\n" + outcome.describe());
        }
    }

    @Test
    void aSourceRenamedTwiceConcurrently() {
        pauseAtEveryStep(3, rename("BBC One"), rename("BBC Two"));
    }

    @Test
    void aTargetAddedWhileItsSourceIsRenamed() {
        pauseAtEveryStep(2, addArticle(7), rename("BBC News"));
    }

    @Test
    void aSourceRenamedWhileATargetIsAdded() {
        pauseAtEveryStep(2, rename("BBC News"), addArticle(7));
    }

    /** Several writers renaming the source and adding targets, under seeded random schedules. */
    @Test
    void randomSchedules() {
        int schedules = "memory".equals(store.kind()) ? 300 : 8;
        for (int n = 0; n < schedules; n++) {
            Random random = new Random(31L * n + 5);
            Setup s = fresh(2);
            List<Consumer<Store>> writers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                List<BiConsumer<Setup, Denormalizer>> ops = new ArrayList<>();
                for (int o = 0; o < 2; o++) {
                    ops.add(random.nextBoolean() ? rename("name " + random.nextInt(1000)) : addArticle(10 + random.nextInt(3)));
                }
                writers.add(st -> {
                    Denormalizer d = s.open(st);
                    ops.forEach(op -> op.accept(s, d));
                });
            }
            Interleaving.Outcome outcome = Interleaving.run(backend, s.tables(), Interleaving.random(n), writers).allowing();
            assertCopiesFollowSources(s, "random schedule " + n + ", calls:\n" + outcome.describe());
        }
    }
}
