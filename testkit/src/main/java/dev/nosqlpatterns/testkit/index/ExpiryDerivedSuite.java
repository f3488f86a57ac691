package dev.nosqlpatterns.testkit.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.ClockedStoreSuite;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Data derived from an item expires with it: index entries, shadow rows, the inverse side of a link, and the
 * copies of a denormalized attribute (geo points and search documents: ExpiryGeoSuite, ExpirySearchSuite).
 * Reads through the technique never return what an expired item left, before the store's own removal has run; a leftover an older writer made without the expiry is found by {@code verify()} and
 * removed by {@code repair()}. Time moves on a store over the same backend whose clock the test controls.
 */
public abstract class ExpiryDerivedSuite extends ClockedStoreSuite {
    private IndexTable index(IndexConsistency mode, boolean unique) {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        return IndexTable.builder(later).baseTable(table()).indexTable(table()).attribute("city").unique(unique)
                .consistency(mode).claimLease(Duration.ofSeconds(5)).clock(clock).build();
    }

    private static Item user(String id, String city) {
        return Item.builder("user|" + id, "<BASE>").put("name", id).put("city", city).build();
    }

    private static List<String> names(List<Item> items) {
        return items.stream().map(i -> i.getString("name").orElseThrow()).sorted().toList();
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void indexEntriesExpireWithTheirItem(IndexConsistency mode) {
        IndexTable ix = index(mode, false);
        ix.put(Expiry.at(user("ada", "London"), in(60)));
        ix.put(user("alan", "London"));
        assertEquals(List.of("ada", "alan"), names(ix.find("London")));
        List<Item> entries = store.scanAll(Scan.of(ix.indexTable())).toList();
        assertEquals(1, entries.stream().filter(e -> Expiry.of(e).isPresent()).count(),
                () -> "one entry carries its item's expiry: " + entries);

        clock.advance(Duration.ofSeconds(61));
        assertEquals(List.of("alan"), names(ix.find("London")));
        assertTrue(ix.verify().consistent(), () -> "drift: " + ix.verify());
        assertEquals(1, later.maintenance().countExpired(ix.indexTable()));
        assertEquals(1, later.maintenance().removeExpired(ix.baseTable()));
        assertEquals(1, later.maintenance().removeExpired(ix.indexTable()));
        assertEquals(0, later.maintenance().countExpired(ix.indexTable()));
        assertEquals(List.of("alan"), names(ix.find("London")));
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aUniqueValueOfAnExpiredItemIsFreeAgain(IndexConsistency mode) {
        IndexTable ix = index(mode, true);
        ix.put(Expiry.at(user("ada", "fb-1"), in(60)));
        clock.advance(Duration.ofSeconds(61));
        ix.put(user("eve", "fb-1"));
        assertEquals(List.of("eve"), names(ix.find("fb-1")));
        assertTrue(ix.verify().consistent(), () -> "drift: " + ix.verify());
    }

    @Test
    void anEntryAnOlderWriterLeftWithoutTheExpiryIsCountedAndRepaired() {
        IndexTable ix = index(IndexConsistency.REPAIRABLE, false);
        ix.put(user("grace", "Arlington"));
        Item stored = later.get(ix.baseTable(), Key.of("user|grace", "<BASE>")).orElseThrow();
        later.put(ix.baseTable(), Expiry.at(stored, in(60)));
        clock.advance(Duration.ofSeconds(61));

        assertEquals(List.of(), ix.find("Arlington"));
        IndexVerification found = ix.verify();
        assertEquals(1, found.dangling(), () -> "drift: " + found);
        assertEquals(1, ix.repair().dangling());
        assertTrue(ix.verify().consistent(), () -> "drift: " + ix.verify());
        assertEquals(0, store.scanAll(Scan.of(ix.indexTable())).count(), "the leftover entry is gone from the store");
    }

    @Test
    void shadowRowsExpireWithTheirItem() {
        String primary = table();
        String shadowName = reserveTable();
        ShadowTable shadow = ShadowTable.of(later, primary, shadowName, ShadowTable.keeping("n"));
        store.createTable(TableSpec.named(shadowName));
        shadow.put(Expiry.at(item("p", "a", "n", 1, "big", "x"), in(60)));
        shadow.put(item("p", "b", "n", 2, "big", "y"));
        assertEquals(2, later.scanAll(Scan.of(shadowName)).count());
        clock.advance(Duration.ofSeconds(61));
        assertEquals(List.of(item("p", "b", "n", 2)), later.scanAll(Scan.of(shadowName)).toList());
        assertTrue(shadow.verify().consistent(), () -> "drift: " + shadow.verify());
        assertEquals(1, later.maintenance().countExpired(shadowName));
    }

    @Test
    void bothSidesOfAnExpiringLinkExpireTogether() {
        String links = reserveTable();
        store.createTable(TableSpec.named(links));
        AdjacencyList follows = AdjacencyList.directed(later, links, "follows");
        follows.link("ada", "alan", Map.of(Expiry.ATTRIBUTE, Value.of(in(60).toEpochMilli())));
        follows.link("ada", "grace");
        assertEquals(List.of("alan", "grace"), follows.targets("ada"));
        assertEquals(List.of("ada"), follows.sources("alan"));
        clock.advance(Duration.ofSeconds(61));
        assertEquals(List.of("grace"), follows.targets("ada"));
        assertEquals(List.of(), follows.sources("alan"));
        assertTrue(follows.repair().consistent(), () -> "drift: " + follows.repair());
        assertEquals(2, later.maintenance().countExpired(links));
    }

    @Test
    void copiesOfAnExpiredSourceAreHiddenFromReadsUntilRepairRemovesThem() {
        String providers = table();
        String articles = table();
        String reverse = table();
        CopyRule rule = new CopyRule(providers, "<BASE>", "name", articles, "providerId", "providerName", reverse);
        Denormalizer d = Denormalizer.of(later, List.of(rule));
        d.putSource(providers, Expiry.at(Item.builder("provider|bbc", "<BASE>").put("name", "BBC").build(), in(60)));
        d.putSource(providers, Item.builder("provider|npr", "<BASE>").put("name", "NPR").build());
        Key article = Key.of("article|1", "<BASE>");
        Key other = Key.of("article|2", "<BASE>");
        d.putTarget(articles, Item.builder(article).put("title", "t").put("providerId", "provider|bbc").build());
        d.putTarget(articles, Item.builder(other).put("title", "u").put("providerId", "provider|npr").build());
        assertEquals("BBC", d.getTarget(articles, article).orElseThrow().getString("providerName").orElseThrow());
        assertEquals(Expiry.of(later.get(providers, Key.of("provider|bbc", "<BASE>")).orElseThrow()).map(
                java.time.Instant::toEpochMilli), later.get(articles, article).orElseThrow()
                .getLong(rule.expiryAttribute()), "the copy carries its source's expiry");
        assertTrue(d.verify(rule).consistent(), () -> "drift: " + d.verify(rule));

        clock.advance(Duration.ofSeconds(61));
        Item seen = d.getTarget(articles, article).orElseThrow();
        assertTrue(seen.getString("providerName").isEmpty(), () -> "the copy of an expired source is hidden: " + seen);
        assertEquals("t", seen.getString("title").orElseThrow());
        assertEquals("NPR", d.getTarget(articles, other).orElseThrow().getString("providerName").orElseThrow());
        assertEquals("BBC", later.get(articles, article).orElseThrow().getString("providerName").orElseThrow(),
                "still stored until repair");
        CopyVerification drift = d.verify(rule);
        assertEquals(1, drift.stale(), () -> "drift: " + drift);
        assertEquals(List.of(article), drift.staleSample());
        assertEquals(1, d.repair(rule).stale());
        Item stored = later.get(articles, article).orElseThrow();
        assertTrue(stored.getString("providerName").isEmpty() && !stored.has(rule.expiryAttribute()),
                () -> "repaired: " + stored);
        assertTrue(d.verify(rule).consistent(), () -> "drift: " + d.verify(rule));
    }
}
