package dev.nosqlpatterns.testkit.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.RepairCursor;
import dev.nosqlpatterns.index.RepairStep;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Index tables: lookups by value, uniqueness, verify and repair, in every consistency mode. */
public abstract class IndexTableSuite extends StoreSuite {

    IndexTable index(Store on, String base, String idx, IndexConsistency mode, boolean unique, Duration lease) {
        if (mode == IndexConsistency.ATOMIC) {
            assumeCapability(Capability.ATOMIC_WRITES);
        }
        return IndexTable.builder(on).baseTable(base).indexTable(idx).attribute("city").unique(unique)
                .consistency(mode).claimLease(lease).build();
    }

    IndexTable index(IndexConsistency mode, boolean unique) {
        return index(store, newTable(), newTable(), mode, unique, Duration.ofSeconds(30));
    }

    static Item user(String id, String city) {
        Item.Builder b = Item.builder("user|" + id, "<BASE>").put("name", id);
        if (city != null) {
            b.put("city", city);
        }
        return b.build();
    }

    static Set<String> ids(List<Item> items) {
        return items.stream().map(i -> i.getString("name").orElseThrow()).collect(Collectors.toSet());
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void findsItemsByValueAndFollowsEveryChange(IndexConsistency mode) {
        IndexTable ix = index(mode, false);
        ix.put(user("ada", "London"));
        ix.put(user("alan", "London"));
        ix.put(user("grace", "Arlington"));
        ix.put(user("nobody", null));
        assertEquals(Set.of("ada", "alan"), ids(ix.find("London")));
        ix.put(user("alan", "Manchester"));
        ix.delete(Key.of("user|ada", "<BASE>"));
        assertEquals(Set.of(), ids(ix.find("London")));
        assertEquals(Set.of("alan"), ids(ix.find("Manchester")));
        assertEquals(Set.of("grace"), ids(ix.find("Arlington")));
        assertTrue(ix.verify().consistent(), () -> "drift: " + ix.verify());
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aUniqueValueIsRefusedToASecondItemAndNothingIsWritten(IndexConsistency mode) {
        IndexTable ix = index(mode, true);
        ix.put(user("ada", "fb-1"));
        UniqueConstraintException e = assertThrows(UniqueConstraintException.class, () -> ix.put(user("eve", "fb-1")));
        assertEquals("fb-1", e.value());
        assertEquals(Key.of("user|ada", "<BASE>"), e.holder());
        assertTrue(e.getMessage().contains("fb-1"), e.getMessage());
        assertTrue(store.get(baseOf(ix), Key.of("user|eve", "<BASE>")).isEmpty(), "nothing written");
        assertEquals(Optional.of("ada"), ix.findUnique("fb-1").map(i -> i.getString("name").orElseThrow()));
        assertTrue(ix.verify().consistent());
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aUniqueValueIsFreedWhenItsItemChangesOrGoes(IndexConsistency mode) {
        IndexTable ix = index(mode, true);
        ix.put(user("ada", "fb-1"));
        ix.put(user("ada", "fb-2"));
        ix.put(user("eve", "fb-1"));
        ix.delete(Key.of("user|ada", "<BASE>"));
        ix.put(user("bob", "fb-2"));
        assertEquals(Set.of("eve"), ids(ix.find("fb-1")));
        assertEquals(Set.of("bob"), ids(ix.find("fb-2")));
        assertTrue(ix.verify().consistent(), () -> "drift: " + ix.verify());
    }

    /**
     * Two items holding one unique value (one written around the index) are duplicates: verify counts
     * them, in one page or across pages, and repair reports them without deciding which item keeps it.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void duplicatesOfAUniqueValueAreCountedAndLeftToTheApplication(IndexConsistency mode) {
        IndexTable ix = index(mode, true);
        String base = baseOf(ix);
        ix.put(user("ada", "fb-1"));
        ix.put(user("bob", "fb-2"));
        store.put(base, user("eve", "fb-1"));
        store.put(base, user("mal", "fb-3"));
        store.put(base, user("max", "fb-3"));
        for (IndexVerification drift : List.of(ix.verify(), audit(ix, 100, false))) {
            assertEquals(2, drift.duplicates(), drift.toString());
            assertEquals(1, drift.missing(), "one of mal and max lacks an entry: " + drift);
            assertTrue(drift.duplicateSample().contains(Key.of("user|eve", "<BASE>")), drift.toString());
            assertTrue(!drift.consistent(), "duplicates are drift");
        }
        IndexVerification repaired = audit(ix, 2, true);
        assertEquals(2, repaired.duplicates(), repaired.toString());
        IndexVerification after = ix.verify();
        assertEquals(2, after.duplicates(), "repair picks no winner: " + after);
        assertEquals(0, after.missing(), after.toString());
        assertEquals(Set.of("ada"), ids(ix.find("fb-1")), "the indexed holder stays the one found");
        assertEquals(Set.of("ada", "eve"), store.scanAll(Scan.of(base))
                .filter(i -> i.getString("city").map("fb-1"::equals).orElse(false))
                .map(i -> i.getString("name").orElseThrow()).collect(Collectors.toSet()), "both items are kept");
    }

    private static IndexVerification audit(IndexTable ix, int pageSize, boolean fix) {
        IndexVerification total = null;
        Optional<RepairCursor> at = Optional.of(RepairCursor.start());
        while (at.isPresent()) {
            RepairStep step = ix.auditPage(at.get(), pageSize, fix);
            total = total == null ? step.drift() : plus(total, step.drift());
            at = step.next();
        }
        return total;
    }

    private static IndexVerification plus(IndexVerification a, IndexVerification b) {
        return new IndexVerification(a.baseItemsChecked() + b.baseItemsChecked(), a.entriesChecked() + b.entriesChecked(),
                a.missing() + b.missing(), a.dangling() + b.dangling(), a.duplicates() + b.duplicates(),
                concat(a.missingSample(), b.missingSample()), concat(a.danglingSample(), b.danglingSample()),
                concat(a.duplicateSample(), b.duplicateSample()));
    }

    private static List<Key> concat(List<Key> a, List<Key> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void driftFromWritesAroundTheIndexIsFoundAndRepairedPageByPage(IndexConsistency mode) {
        IndexTable ix = index(mode, false);
        String base = baseOf(ix);
        for (int i = 0; i < 7; i++) {
            ix.put(user("u" + i, "Paris"));
        }
        store.put(base, user("sneaky1", "Paris"));
        store.put(base, user("sneaky2", "Rome"));
        store.delete(base, Key.of("user|u1", "<BASE>"));
        store.put(base, user("u2", "Oslo"));
        IndexTable now = index(store, base, indexOf(ix), mode, false, Duration.ZERO);
        IndexVerification drift = now.verify();
        assertEquals(3, drift.missing(), drift.toString());
        assertEquals(2, drift.dangling(), drift.toString());
        assertTrue(drift.missingSample().contains(Key.of("user|sneaky1", "<BASE>")));
        assertEquals(Set.of("u0", "u3", "u4", "u5", "u6"), ids(now.find("Paris")), "reads skip stale entries");
        Optional<RepairCursor> at = Optional.of(RepairCursor.start());
        int pages = 0;
        while (at.isPresent()) {
            RepairStep step = now.auditPage(at.get(), 2, true);
            at = step.next();
            pages++;
        }
        assertTrue(pages >= 5, "small pages: " + pages);
        assertTrue(now.verify().consistent(), () -> "after repair: " + now.verify());
        assertEquals(Set.of("u0", "u3", "u4", "u5", "u6", "sneaky1"), ids(now.find("Paris")));
        assertEquals(Set.of("u2"), ids(now.find("Oslo")));
    }

    /**
     * A backfill: items written to the base table directly, then an index attached and repaired. Each page
     * is read with one scan and one batch read and its entries written together, so the repair ends with no
     * drift in far fewer round trips than one per item.
     */
    @ParameterizedTest(name = "unique={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aBackfillOfManyItemsTakesFewRoundTripsAndEndsWithNoDrift(boolean unique) {
        int n = 500;
        String base = newTable();
        List<Write> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(Write.put(base, user("u" + i, unique ? "fb-" + i : "city-" + (i % 5))));
        }
        for (int from = 0; from < n; from += 100) {
            store.writeBatch(items.subList(from, from + 100));
        }
        IndexTable ix = index(store, base, newTable(), IndexConsistency.REPAIRABLE, unique, Duration.ofSeconds(30));
        IndexVerification[] repaired = new IndexVerification[1];
        CostTally cost = store.measure(() -> repaired[0] = ix.repair());
        assertEquals(n, repaired[0].missing(), repaired[0].toString());
        IndexVerification after = ix.verify();
        assertTrue(after.consistent(), () -> "after the backfill: " + after);
        assertEquals(n, after.entriesChecked(), after.toString());
        if (unique) {
            assertEquals(Set.of("u7"), ids(ix.find("fb-7")));
        } else {
            assertEquals(n / 5, ix.find("city-3").size());
        }
        double perItem = (double) cost.roundTrips() / n;
        // Where writes are atomic across partitions the fixes of a page go in a few groups. Elsewhere it depends on
        // the store (Cassandra and MongoDB about 0.1 per item for a non-unique index, Redis in cluster mode about
        // 1.1, any unique index about 1): a figure to improve, not yet a bound.
        assumeCapability(Capability.ATOMIC_WRITES);
        assertTrue(perItem <= 0.2, "round trips per item of the backfill: " + perItem + " (" + cost.roundTrips()
                + " for " + n + " items)");
    }

    /** A paged audit's totals, and the store calls its pass 2 made on the audited tables. */
    record Paged(IndexVerification drift, List<OperationCost> pass2) {
        long calls(String table) {
            return pass2.stream().filter(c -> c.table().equals(table)).count();
        }

        long calls(String table, String operation) {
            return pass2.stream().filter(c -> c.table().equals(table) && c.operation().equals(operation)).count();
        }
    }

    /** Audits page by page from {@code from}, running {@code between} once pass 1 is over. */
    Paged paged(IndexTable ix, int pageSize, boolean fix, RepairCursor from, Runnable between) {
        IndexVerification total = null;
        List<OperationCost> pass2 = Collections.synchronizedList(new ArrayList<>());
        Optional<RepairCursor> at = Optional.of(from);
        boolean pass1 = true;
        while (at.isPresent()) {
            RepairCursor cursor = at.get();
            if (pass1 && cursor.pass() == 2) {
                pass1 = false;
                between.run();
            }
            RepairStep step = cursor.pass() == 2
                    ? store.measure(pass2::add, () -> ix.auditPage(cursor, pageSize, fix))
                    : ix.auditPage(cursor, pageSize, fix);
            total = total == null ? step.drift() : plus(total, step.drift());
            at = step.next();
        }
        List<OperationCost> mine = pass2.stream()
                .filter(c -> c.table().equals(ix.baseTable()) || c.table().equals(ix.indexTable())).toList();
        return new Paged(total, mine);
    }

    Paged paged(IndexTable ix, int pageSize, boolean fix) {
        return paged(ix, pageSize, fix, RepairCursor.start(), () -> { });
    }

    private static void sameCounts(IndexVerification expected, IndexVerification actual) {
        assertEquals(List.of(expected.baseItemsChecked(), expected.entriesChecked(), expected.missing(),
                        expected.dangling(), expected.duplicates()),
                List.of(actual.baseItemsChecked(), actual.entriesChecked(), actual.missing(), actual.dangling(),
                        actual.duplicates()), () -> "expected " + expected + ", got " + actual);
    }

    /**
     * On an index without drift, pass 2 counts the index table and, finding exactly the entries pass 1 confirmed,
     * ends without reading a single base item; page by page, it reports the same totals.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aCleanVerifyReadsNoBaseItemInPass2(IndexConsistency mode) {
        for (boolean unique : List.of(false, true)) {
            IndexTable ix = index(mode, unique);
            for (int i = 0; i < 7; i++) {
                ix.put(user("u" + i, unique ? "fb-" + i : "city-" + (i % 3)));
            }
            ix.put(user("nobody", null));
            List<OperationCost> calls = Collections.synchronizedList(new ArrayList<>());
            IndexVerification drift = store.measure(calls::add, ix::verify);
            assertTrue(drift.consistent(), drift.toString());
            assertEquals(8, drift.baseItemsChecked(), drift.toString());
            assertEquals(7, drift.entriesChecked(), drift.toString());
            List<String> onBase = calls.stream().filter(c -> c.table().equals(ix.baseTable()))
                    .map(OperationCost::operation).distinct().toList();
            assertEquals(List.of("scan"), onBase, "the base table is scanned and none of its items read again");
            for (int pageSize : List.of(2, 3, 100)) {
                Paged paged = paged(ix, pageSize, false);
                sameCounts(drift, paged.drift());
                assertEquals(0, paged.calls(ix.baseTable()), () -> "pass 2 reads no base item: " + paged.pass2());
                assertEquals(paged.calls(ix.indexTable()), paged.calls(ix.indexTable(), "scan"), paged.pass2()::toString);
            }
        }
    }

    /**
     * A stale entry makes the index table hold more entries than pass 1 confirmed: pass 2 reads every entry's
     * item, finds it, and repair removes it; the repaired index then passes the count alone.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aStaleEntryIsFoundAndRemovedWhenTheIndexHoldsMoreEntriesThanPass1Confirmed(IndexConsistency mode) {
        IndexTable written = index(mode, false);
        for (int i = 0; i < 5; i++) {
            written.put(user("u" + i, "Paris"));
        }
        store.delete(baseOf(written), Key.of("user|u3", "<BASE>"));
        IndexTable ix = index(store, baseOf(written), indexOf(written), mode, false, Duration.ZERO);
        IndexVerification drift = ix.verify();
        assertEquals(1, drift.dangling(), drift.toString());
        assertEquals(0, drift.missing(), drift.toString());
        assertEquals(5, drift.entriesChecked(), "every entry checked once: " + drift);
        Paged verified = paged(ix, 2, false);
        sameCounts(drift, verified.drift());
        assertTrue(verified.calls(ix.baseTable(), "getAll") > 0, "pass 2 read the entries' items");
        Paged repaired = paged(ix, 2, true);
        sameCounts(drift, repaired.drift());
        assertEquals(4, count(ix.indexTable()));
        Paged after = paged(ix, 2, false);
        assertTrue(after.drift().consistent(), after.drift().toString());
        assertEquals(4, after.drift().entriesChecked(), after.drift().toString());
        assertEquals(0, after.calls(ix.baseTable()), () -> "pass 2 reads no base item: " + after.pass2());
    }

    /**
     * A missing entry and a stale one together: the count differs, so pass 2 reads every entry's item; repair
     * adds the one (confirming it, so that it counts) and removes the other.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aMissingAndAStaleEntryTogetherAreBothFoundAndFixed(IndexConsistency mode) {
        IndexTable written = index(mode, false);
        String base = baseOf(written);
        for (int i = 0; i < 4; i++) {
            written.put(user("u" + i, "Rome"));
        }
        store.put(base, user("sneaky", "Rome"));
        store.delete(base, Key.of("user|u0", "<BASE>"));
        IndexTable ix = index(store, base, indexOf(written), mode, false, Duration.ZERO);
        IndexVerification drift = ix.verify();
        assertEquals(1, drift.missing(), drift.toString());
        assertEquals(1, drift.dangling(), drift.toString());
        sameCounts(drift, paged(ix, 3, false).drift());
        IndexVerification fixed = ix.repair();
        assertEquals(1, fixed.missing(), fixed.toString());
        assertEquals(1, fixed.dangling(), fixed.toString());
        Paged after = paged(ix, 3, false);
        assertTrue(after.drift().consistent(), after.drift().toString());
        assertEquals(4, after.drift().entriesChecked(), after.drift().toString());
        assertEquals(0, after.calls(base), () -> "pass 2 reads no base item: " + after.pass2());
        assertEquals(Set.of("u1", "u2", "u3", "sneaky"), ids(ix.find("Rome")));
    }

    /**
     * A unique value held by two items has one entry, confirmed by the item it names only: with no stale entry
     * the count matches and pass 2 reads no base item; a stale entry beside the duplicates is still found.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aUniqueIndexWithDuplicatesCountsTheSharedEntryOnce(IndexConsistency mode) {
        IndexTable written = index(mode, true);
        String base = baseOf(written);
        written.put(user("ada", "fb-1"));
        written.put(user("bob", "fb-2"));
        written.put(user("carl", "fb-5"));
        store.put(base, user("eve", "fb-1"));
        IndexTable ix = index(store, base, indexOf(written), mode, true, Duration.ZERO);
        IndexVerification drift = ix.verify();
        assertEquals(1, drift.duplicates(), drift.toString());
        assertEquals(0, drift.dangling(), drift.toString());
        assertEquals(3, drift.entriesChecked(), drift.toString());
        Paged clean = paged(ix, 2, false);
        sameCounts(drift, clean.drift());
        assertEquals(0, clean.calls(base), () -> "pass 2 reads no base item: " + clean.pass2());

        store.put(base, user("carl", "fb-6"));
        IndexVerification stale = ix.verify();
        assertEquals(1, stale.duplicates(), stale.toString());
        assertEquals(1, stale.missing(), "carl's fb-6: " + stale);
        assertEquals(1, stale.dangling(), "carl's old fb-5: " + stale);
        sameCounts(stale, paged(ix, 2, false).drift());
        IndexVerification repaired = paged(ix, 2, true).drift();
        assertEquals(1, repaired.dangling(), repaired.toString());
        IndexVerification after = ix.verify();
        assertEquals(0, after.dangling() + after.missing(), after.toString());
        assertEquals(1, after.duplicates(), "repair picks no winner: " + after);
    }

    /**
     * The count compares which entries are there, not only how many: a stale entry present throughout is found
     * even when, between the passes, a writer removes another entry so that the numbers match.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void aStaleEntryIsFoundEvenWhenAnotherEntryGoesBetweenThePasses(IndexConsistency mode) {
        IndexTable written = index(mode, false);
        String base = baseOf(written);
        for (int i = 0; i < 4; i++) {
            written.put(user("u" + i, "Oslo"));
        }
        store.delete(base, Key.of("user|u3", "<BASE>"));
        IndexTable ix = index(store, base, indexOf(written), mode, false, Duration.ZERO);
        Paged paged = paged(ix, 2, false, RepairCursor.start(), () -> ix.delete(Key.of("user|u0", "<BASE>")));
        assertEquals(1, paged.drift().dangling(), paged.drift().toString());
        assertEquals(3, paged.drift().entriesChecked(), paged.drift().toString());
        assertTrue(paged.calls(base, "getAll") > 0, "pass 2 read the entries' items");
    }

    /**
     * An entry written between the passes was not confirmed: pass 2 reads every entry's item and reports no
     * drift that is not there. A cursor without tallies reads them too, with the same totals.
     */
    @ParameterizedTest
    @EnumSource(names = {"ATOMIC", "REPAIRABLE"})
    void anEntryWrittenBetweenThePassesIsCheckedAndNoDriftIsReported(IndexConsistency mode) {
        IndexTable ix = index(mode, false);
        for (int i = 0; i < 4; i++) {
            ix.put(user("u" + i, "Lima"));
        }
        Paged paged = paged(ix, 2, false, RepairCursor.start(), () -> ix.put(user("late", "Lima")));
        assertTrue(paged.drift().consistent(), paged.drift().toString());
        assertEquals(4, paged.drift().baseItemsChecked(), paged.drift().toString());
        assertEquals(5, paged.drift().entriesChecked(), paged.drift().toString());
        assertTrue(paged.calls(ix.baseTable(), "getAll") > 0, "pass 2 read the entries' items");

        Paged untallied = paged(ix, 2, false, new RepairCursor(1, Optional.empty()), () -> { });
        sameCounts(ix.verify(), untallied.drift());
        assertTrue(untallied.calls(ix.baseTable(), "getAll") > 0, "without tallies pass 2 reads the entries' items");
    }

    /**
     * A backfill's entries are confirmed as it adds them (written with a check of their item's version, or read
     * back), so its pass 2 counts the index table and reads no base item.
     */
    @ParameterizedTest(name = "unique={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aBackfillConfirmsTheEntriesItAddsAndItsPass2ReadsNoBaseItem(boolean unique) {
        IndexTable ix = unindexedUsers(unique, "fb-");
        String base = ix.baseTable();
        Paged backfill = paged(ix, 4, true);
        assertEquals(9, backfill.drift().missing(), backfill.drift().toString());
        assertEquals(0, backfill.drift().dangling(), backfill.drift().toString());
        assertEquals(9, backfill.drift().entriesChecked(), backfill.drift().toString());
        assertEquals(0, backfill.calls(base), () -> "pass 2 reads no base item: " + backfill.pass2());
        assertTrue(ix.verify().consistent(), () -> "after the backfill: " + ix.verify());
    }

    /**
     * A whole repair that finds the index table empty (a backfill) ends with pass 1: every entry the table holds
     * was written after the repair began, so none can have been stale throughout it. It scans the index table once,
     * for its look, and reports the entries it added and confirmed as the entries checked.
     */
    @ParameterizedTest(name = "unique={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aWholeBackfillScansTheIndexTableOnlyForItsLook(boolean unique) {
        IndexTable ix = unindexedUsers(unique, "wb-");
        List<OperationCost> calls = Collections.synchronizedList(new ArrayList<>());
        IndexVerification backfill = store.measure(calls::add, ix::repair);
        assertEquals(List.of(9L, 9L, 9L, 0L), List.of(backfill.baseItemsChecked(), backfill.missing(),
                backfill.entriesChecked(), backfill.dangling()), backfill.toString());
        assertEquals(1, calls.stream().filter(c -> c.table().equals(ix.indexTable()) && c.operation().equals("scan"))
                .count(), calls::toString);
        IndexVerification after = ix.verify();
        assertTrue(after.consistent() && after.entriesChecked() == 9, after::toString);
    }

    /** Nine users in a new table and a repairable index of their cities over an empty index table. */
    private IndexTable unindexedUsers(boolean unique, String uniquePrefix) {
        String base = newTable();
        List<Write> items = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            items.add(Write.put(base, user("u" + i, unique ? uniquePrefix + i : "city-" + (i % 2))));
        }
        store.writeBatch(items);
        return index(store, base, newTable(), IndexConsistency.REPAIRABLE, unique, Duration.ofSeconds(30));
    }

    @Test
    void theBuilderReportsEveryProblemAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IndexTable.builder(store).baseTable("not_declared").maxAttempts(0).build());
        assertTrue(e.getMessage().contains("not_declared") && e.getMessage().contains("attribute(name)")
                && e.getMessage().contains("indexTable") && e.getMessage().contains("maxAttempts"), e.getMessage());
        if (!store.has(Capability.ATOMIC_WRITES)) {
            String base = newTable();
            IllegalArgumentException atomic = assertThrows(IllegalArgumentException.class, () -> IndexTable.builder(store)
                    .baseTable(base).indexTable("x").attribute("a").consistency(IndexConsistency.ATOMIC).build());
            assertTrue(atomic.getMessage().contains("atomic writes"), atomic.getMessage());
        }
    }

    @Test
    void theNativeIndexServesTheSameApi() {
        assumeCapability(Capability.NATIVE_SECONDARY_INDEX);
        String base = newTable(spec -> spec.index(IndexSpec.of("byCity", "city")));
        IndexTable ix = IndexTable.builder(store).baseTable(base).attribute("city").nativeIndex("byCity").build();
        ix.put(user("ada", "London"));
        ix.put(user("alan", "London"));
        ix.put(user("grace", "Arlington"));
        assertEquals(IndexConsistency.NATIVE, ix.consistency());
        assertEquals(Set.of("ada", "alan"), ids(ix.find("London")));
    }

    static String baseOf(IndexTable ix) {
        return ix.baseTable();
    }

    static String indexOf(IndexTable ix) {
        return ix.indexTable();
    }

    long count(String table) {
        return store.scanAll(Scan.of(table)).count();
    }
}
