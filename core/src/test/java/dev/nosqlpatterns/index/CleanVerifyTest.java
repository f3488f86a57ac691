package dev.nosqlpatterns.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A whole verify or repair first compares the entries the index table holds with the entries the base items must
 * have, by their shapes: a clean index is verified (or repaired, writing nothing) by one scan of each table, reading
 * no entry by key; any drift sends the audit through both passes, which report it as before; a backfill's look
 * stops at the empty index table.
 */
class CleanVerifyTest {
    private static final int USERS = 1_500;
    /** Moved an hour on once the entries are written, so that an entry left behind is stale at once. */
    private final MovingClock clock = new MovingClock();
    private Store store;
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    @BeforeEach
    void load() {
        store = Store.of(new MemoryBackend());
        store.createTable(TableSpec.named("users"));
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < USERS; i++) {
            writes.add(Write.put("users", Item.builder("user|" + i, "<BASE>").put("city", "c" + i % 40)
                    .put("mail", "m" + i).build()));
        }
        for (int from = 0; from < USERS; from += 100) {
            store.writeBatch(writes.subList(from, from + 100));
        }
        store.observe(call -> {
            if (call.kind() == ObservedCall.Kind.STORE) {
                calls.computeIfAbsent(call.name() + " " + call.table(), k -> new AtomicInteger()).incrementAndGet();
            }
            return (cost, failure) -> { };
        });
    }

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        volatile Instant now = Instant.now();

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @AfterEach
    void close() {
        store.close();
    }

    private IndexTable index(String attribute, boolean unique) {
        IndexTable ix = IndexTable.builder(store).baseTable("users").indexTable("users_by_" + attribute)
                .attribute(attribute).unique(unique).clock(clock).build();
        assertEquals(USERS, ix.repair().missing());
        clock.now = clock.now.plus(Duration.ofHours(1));
        calls.clear();
        return ix;
    }

    /** A repairable index of the users' cities whose index table holds no entry yet. */
    private IndexTable freshCityIndex() {
        return IndexTable.builder(store).baseTable("users").indexTable("users_by_city").attribute("city").clock(clock)
                .build();
    }

    private int calls(String name, String table) {
        AtomicInteger n = calls.get(name + " " + table);
        return n == null ? 0 : n.get();
    }

    @Test
    void aCleanIndexIsVerifiedByAScanOfEachTable() {
        for (boolean unique : new boolean[] {false, true}) {
            String attribute = unique ? "mail" : "city";
            IndexVerification v = index(attribute, unique).verify();
            assertTrue(v.consistent(), v.toString());
            assertEquals(List.of((long) USERS, (long) USERS), List.of(v.baseItemsChecked(), v.entriesChecked()));
            assertEquals(0, calls("getAll", "users_by_" + attribute), "no entry read by key: " + calls);
            assertEquals(0, calls("getAll", "users"), "no item read by key: " + calls);
            // 200, 1,000, then 300 base items; the 1,500 entries in pages of 1,000
            assertEquals(List.of(3, 2), List.of(calls("scan", "users"), calls("scan", "users_by_" + attribute)));
        }
    }

    @Test
    void aRepairOfACleanIndexReadsAsAVerifyAndWritesNothing() {
        IndexVerification v = index("city", false).repair();
        assertTrue(v.consistent(), v.toString());
        assertEquals(List.of((long) USERS, (long) USERS), List.of(v.baseItemsChecked(), v.entriesChecked()));
        assertEquals(List.of(0, 0, 0), List.of(calls("getAll", "users_by_city"), calls("writeBatch", "users_by_city"),
                calls("writeEach", "users_by_city")), calls.toString());
    }

    @Test
    void aBackfillLooksNoFurtherThanTheEmptyIndexTable() {
        IndexTable ix = freshCityIndex();
        calls.clear();
        IndexVerification backfill = ix.repair();
        assertEquals(List.of((long) USERS, (long) USERS, (long) USERS), List.of(backfill.baseItemsChecked(),
                backfill.missing(), backfill.entriesChecked()), backfill.toString());
        // pass 1 alone scans the base table (200, 1,000, 300), each page again once its entries are written (the
        // read-back of their items); the index table only for the look (empty): no pass 2. Nothing read by key.
        assertEquals(List.of(6, 1), List.of(calls("scan", "users"), calls("scan", "users_by_city")), calls.toString());
        assertEquals(List.of(0, 0), List.of(calls("getAll", "users"), calls("getAll", "users_by_city")), calls.toString());
        IndexVerification after = ix.verify();
        assertTrue(after.consistent() && after.entriesChecked() == USERS, after.toString());
    }

    @Test
    void aBackfillFedWithPagesReadsNoEntryAndReportsTheEntriesItConfirmed() {
        IndexTable ix = freshCityIndex();
        List<Item> items = store.scanAll(dev.nosqlpatterns.store.model.Scan.of("users")).toList();
        IndexTable.BatchAudit audit = ix.backfillAudit();
        calls.clear();
        IndexVerification first = audit.checkItems(items.subList(0, 700));
        IndexVerification rest = audit.checkItems(items.subList(700, USERS));
        assertEquals(List.of(700L, 700L, 700L, 800L), List.of(first.baseItemsChecked(), first.missing(),
                first.entriesChecked(), rest.entriesChecked()), first + " " + rest);
        assertEquals(0, calls("getAll", "users_by_city"), calls.toString());
        IndexVerification after = ix.verify();
        assertTrue(after.consistent() && after.entriesChecked() == USERS, after.toString());
    }

    @Test
    void aRepairOfAnIndexWithEntriesStillCounts() {
        IndexTable ix = freshCityIndex();
        Item user = store.get("users", Key.of("user|3", "<BASE>")).orElseThrow();
        store.put("users_by_city", ix.entries.entry("c3", user, clock.millis()));
        calls.clear();
        IndexVerification v = ix.repair();
        assertEquals(List.of((long) USERS - 1, (long) USERS), List.of(v.missing(), v.entriesChecked()), v.toString());
        // the look (1 page), then pass 2's count (2 pages of 1,000)
        assertEquals(3, calls("scan", "users_by_city"), calls.toString());
    }

    @Test
    void aMissingEntryIsReportedByTheTwoPasses() {
        IndexTable ix = index("city", false);
        Item user = store.get("users", Key.of("user|77", "<BASE>")).orElseThrow();
        store.delete("users_by_city", ix.entries.entryKey("c37", user));
        IndexVerification v = ix.verify();
        assertEquals(List.of(1L, 0L, List.of(user.key())), List.of(v.missing(), v.dangling(), v.missingSample()),
                v.toString());
        assertTrue(calls("getAll", "users_by_city") > 0, "pass 1 read the entries: " + calls);
    }

    @Test
    void aStaleEntryIsReportedByTheTwoPasses() {
        IndexTable ix = index("city", false);
        Item user = store.get("users", Key.of("user|5", "<BASE>")).orElseThrow();
        Key entry = ix.entries.entryKey("c5", user);
        store.put("users", user.toBuilder().put("city", "elsewhere").build()); // around the index: c5's entry stays
        IndexVerification v = ix.verify();
        assertEquals(List.of(1L, 1L, List.of(entry)), List.of(v.missing(), v.dangling(), v.danglingSample()),
                v.toString());
    }

    @Test
    void aDuplicatedUniqueValueIsReportedByTheTwoPasses() {
        IndexTable ix = index("mail", true);
        Item user = store.get("users", Key.of("user|9", "<BASE>")).orElseThrow();
        store.put("users", user.toBuilder().put("mail", "m10").build()); // around the index: m9's entry stays
        IndexVerification v = ix.verify();
        assertEquals(List.of(1L, 1L), List.of(v.duplicates(), v.dangling()), v.toString());
        assertEquals(List.of(user.key()), v.duplicateSample());
    }
}
