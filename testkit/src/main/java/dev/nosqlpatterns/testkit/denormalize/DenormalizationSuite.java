package dev.nosqlpatterns.testkit.denormalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import dev.nosqlpatterns.store.CostTally;
import java.util.ArrayList;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Denormalization: copies filled on write, fanned out on change, crash-safe, verified and repaired. */
public abstract class DenormalizationSuite extends StoreSuite {
    private String providers;
    private String articles;
    private CopyRule rule;

    private Denormalizer open(Store on) {
        return Denormalizer.of(on, List.of(rule));
    }

    private Denormalizer seeded() {
        providers = newTable();
        articles = newTable();
        rule = new CopyRule(providers, "<BASE>", "name", articles, "providerId", "providerName", newTable());
        Denormalizer d = open(store);
        store.put(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC").build());
        store.put(providers, Item.builder("provider|cnn", "<BASE>").put("name", "CNN").build());
        for (int i = 0; i < 6; i++) {
            d.putTarget(articles, Item.builder("article|" + i, "<BASE>").put("title", "a" + i)
                    .put("providerId", i < 4 ? "provider|bbc" : "provider|cnn").build());
        }
        return d;
    }

    private Set<String> copies() {
        return store.scanAll(Scan.of(articles)).map(i -> i.getString("providerId").orElseThrow() + "=" + i.getString("providerName").orElse("-"))
                .collect(Collectors.toSet());
    }

    /** Targets 0 to n-1 of a load, each naming one of the two providers, or one that does not exist. */
    private static List<Item> load(int n, String prefix) {
        List<Item> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Item.builder(prefix + i, "<BASE>").put("title", "t" + i)
                    .put("providerId", i % 3 == 0 ? "provider|bbc" : i % 3 == 1 ? "provider|cnn" : "provider|none")
                    .build());
        }
        return out;
    }

    @Test
    void aLoadOfTargetsFillsTheCopiesAsSinglePutsDoInFewerCalls() {
        Denormalizer d = seeded();
        int n = 60;
        CostTally bulk = new CostTally();
        store.measure(bulk, () -> d.putTargets(articles, load(n, "loaded|")));
        CostTally single = new CostTally();
        store.measure(single, () -> load(n, "single|").forEach(t -> d.putTarget(articles, t)));
        for (int i = 0; i < n; i++) {
            Item loaded = store.get(articles, Key.of("loaded|" + i, "<BASE>")).orElseThrow();
            Item put = store.get(articles, Key.of("single|" + i, "<BASE>")).orElseThrow();
            assertEquals(put.getString("providerName"), loaded.getString("providerName"), "copy of target " + i);
            assertEquals(put.getString("title"), loaded.getString("title"));
        }
        assertTrue(d.verify(rule).consistent(), () -> "drift: " + d.verify(rule));
        assertEquals(44, d.putSource(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC 2").build()),
                "the loaded targets are in the reverse index: 4 seeded, 20 loaded and 20 put one by one");
        String figures = "round trips on " + store.kind() + ": " + bulk.roundTrips() + " loaded, " + single.roundTrips()
                + " one by one";
        System.out.println(figures);
        // At least half fewer everywhere; a store without batch reads (the memory store) pays a get per item.
        assertTrue(bulk.roundTrips() * 2 <= single.roundTrips(), figures);
    }

    @Test
    void aLoadWithABadTargetAnywhereWritesNothing() {
        Denormalizer d = seeded();
        long before = store.maintenance().countStored(articles) + store.maintenance().countStored(rule.reverseIndexTable());
        for (int bad : new int[] {0, 1, 5, 9}) {
            List<Item> load = new ArrayList<>(load(10, "bad" + bad + "|"));
            load.set(bad, null);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.putTargets(articles, load));
            assertTrue(e.getMessage().contains("item " + bad), e.getMessage());
            load.set(bad, Item.builder("x".repeat(store.limits().maxPartitionKeyBytes() + 1), "<BASE>").build());
            e = assertThrows(IllegalArgumentException.class, () -> d.putTargets(articles, load));
            assertTrue(e.getMessage().contains("item " + bad), e.getMessage());
        }
        assertEquals(before, store.maintenance().countStored(articles)
                + store.maintenance().countStored(rule.reverseIndexTable()), "nothing written");
    }

    @Test
    void copiesAreFilledOnWriteAndFannedOutOnChange() {
        Denormalizer d = seeded();
        assertEquals(Set.of("provider|bbc=BBC", "provider|cnn=CNN"), copies());
        int changed = d.putSource(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC News").build());
        assertEquals(4, changed);
        assertEquals(Set.of("provider|bbc=BBC News", "provider|cnn=CNN"), copies());
        d.putSource(providers, Item.builder("provider|cnn", "<BASE>").build());
        assertEquals(Set.of("provider|bbc=BBC News", "provider|cnn=-"), copies());
        assertTrue(d.verify(rule).consistent());
    }

    @Test
    void aCrashDuringFanOutLeavesStaleCopiesThatRepairFixes() {
        seeded();
        FaultInjectingBackend counting = countingBackend();
        Store countingStore = Store.of(counting);
        List.of(providers, articles, rule.reverseIndexTable()).forEach(t -> countingStore.createTable(TableSpec.named(t)));
        open(countingStore).putSource(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC News").build());
        int steps = counting.writes();
        assertTrue(steps >= 1, "the change writes");
        for (int step = 1; step <= steps; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                seeded();
                Denormalizer doomed = open(crashingStore(step, when));
                boolean crashed = false;
                try {
                    doomed.putSource(providers, Item.builder("provider|bbc", "<BASE>").put("name", "BBC News").build());
                } catch (StoreUnavailableException died) {
                    crashed = true;
                }
                assertTrue(crashed, "step " + step + " of " + steps + " " + when + " crashed nothing");
                String name = store.get(providers, Key.of("provider|bbc", "<BASE>")).orElseThrow().getString("name").orElseThrow();
                for (String copy : copies()) {
                    assertTrue(copy.startsWith("provider|cnn") || copy.equals("provider|bbc=BBC") || copy.equals("provider|bbc=BBC News"),
                            copy);
                    assertTrue(!copy.equals("provider|bbc=BBC News") || name.equals("BBC News"), "a copy is never ahead of its source");
                }
                Denormalizer after = open(store);
                after.repair(rule);
                CopyVerification drift = after.verify(rule);
                assertTrue(drift.consistent(), "step " + step + " " + when + ": " + drift);
                assertEquals(Set.of("provider|bbc=" + name, "provider|cnn=CNN"), copies());
            }
        }
    }

    @Test
    void cyclesAndAmbiguousReferencesAreRefused() {
        String a = newTable();
        String b = newTable();
        String c = newTable();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Denormalizer.of(store, List.of(
                new CopyRule(a, "<BASE>", "x", b, "aRef", "y", newTable()),
                new CopyRule(b, "<BASE>", "y", c, "bRef", "z", newTable()),
                new CopyRule(c, "<BASE>", "z", a, "cRef", "x", newTable()))));
        assertTrue(e.getMessage().contains("cycle") && e.getMessage().contains(a + ".x"), e.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class, () -> Denormalizer.of(store, List.of(
                new CopyRule(a, "<BASE>", "x", b, "aRef", "y", newTable()),
                new CopyRule(c, "<BASE>", "z", b, "cRef", "w", newTable()))));
        assertTrue(two.getMessage().contains("one reference attribute"), two.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new CopyRule(a, "<BASE>", "x", b, "ref", "ref", "idx"));
    }
}
