package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scans of the partitions with a key prefix ({@link PrefixScans}), where the store has them: exactly the items of
 * those partitions, none of the neighbours that sort just before, just after or between them in UTF-8 byte order,
 * page by page and segment by segment, with tokens that resume no other prefix's scan. And a pool tenant's scan
 * reads its own partitions alone there, where a store without the port reads the whole shared table.
 */
public abstract class PrefixScanSuite extends StoreSuite {
    private static final String PREFIX = "t1#";
    /** Partitions with {@link #PREFIX}: plain, empty rest, the separator again, multi-byte, NUL, supplementary. */
    private static final List<String> INSIDE = List.of("t1#", "t1#a", "t1#b", "t1##", "t1#\u00e9t\u00e9",
            "t1#\u0000x", "t1#\uD83D\uDE00", "t1#\u007e", "t1#zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
    /** Neighbours: shorter, the next character, the one before, another tenant's code, a prefix of the prefix. */
    private static final List<String> OUTSIDE = List.of("t1", "t1$", "t1\"", "t1$#a", "t0#a", "t2#a", "t", "t1\u00e9#a",
            "s1#a", "u1#a", "t10#a", "t1 #a");

    private PrefixScans port() {
        Optional<PrefixScans> port = backend.capabilities().prefixScans();
        assumeTrue(port.isPresent(), "the " + backend.kind() + " store places partitions by hash and has no prefix"
                + " scans");
        return port.get();
    }

    /** Three items in each partition given, in one batch; returns the keys of those in {@code INSIDE}. */
    private Set<Key> seeded(String t) {
        List<Write> writes = new ArrayList<>();
        Set<Key> inside = new HashSet<>();
        for (String p : concat(INSIDE, OUTSIDE)) {
            for (String sort : List.of("a", "b\u00e9", "c")) {
                Key k = Key.of(p, sort);
                writes.add(Write.put(t, Item.builder(k).put("v", p + sort).build()));
                if (INSIDE.contains(p)) {
                    inside.add(k);
                }
            }
        }
        store.writeBatch(writes);
        return inside;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Every page of one segment, checking the page rules; the keys in the order read. */
    private List<Key> pages(PrefixScans port, String t, String prefix, int segment, int segments, int limit) {
        List<Key> out = new ArrayList<>();
        Optional<String> token = Optional.empty();
        for (int guard = 0; guard < 10_000; guard++) {
            ScanResult page = port.scan(new ScanRequest(t, segment, segments, limit, token), prefix, new CostMeter());
            assertTrue(page.items().size() <= limit, "a page holds at most its limit: " + page.items().size());
            page.items().forEach(i -> out.add(i.key()));
            if (page.nextToken().isEmpty()) {
                return out;
            }
            token = page.nextToken();
        }
        throw new AssertionError("the prefix scan did not end");
    }

    @ParameterizedTest(name = "limit {0}")
    @ValueSource(ints = {1, 2, 5, 1000})
    void readsTheItemsOfThePartitionsWithThePrefixAlone(int limit) {
        PrefixScans port = port();
        String t = newTable();
        Set<Key> inside = seeded(t);
        List<Key> read = pages(port, t, PREFIX, 0, 1, limit);
        assertEquals(inside.size(), read.size(), "no item twice, none missed: " + read);
        assertEquals(inside, new HashSet<>(read));
        assertPartitionsTogetherInSortOrder(read);
    }

    @Test
    void segmentsSplitThePrefixDisjointly() {
        PrefixScans port = port();
        String t = newTable();
        Set<Key> inside = seeded(t);
        List<Key> all = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            List<Key> read = pages(port, t, PREFIX, segment, 3, 2);
            assertPartitionsTogetherInSortOrder(read);
            all.addAll(read);
        }
        assertEquals(inside.size(), all.size(), "segments are disjoint");
        assertEquals(inside, new HashSet<>(all));
    }

    @Test
    void aPrefixWithNoPartitionReadsNothing() {
        PrefixScans port = port();
        String t = newTable();
        seeded(t);
        assertEquals(List.of(), pages(port, t, "t3#", 0, 1, 10));
        assertEquals(List.of(), pages(port, newTable(), PREFIX, 0, 1, 10));
    }

    @Test
    void aTokenResumesOnlyTheScanOfItsPrefix() {
        PrefixScans port = port();
        String t = newTable();
        seeded(t);
        ScanResult first = port.scan(new ScanRequest(t, 0, 1, 2, Optional.empty()), PREFIX, new CostMeter());
        assertTrue(first.nextToken().isPresent());
        assertThrows(InvalidRequestException.class, () -> port.scan(new ScanRequest(t, 0, 1, 2, first.nextToken()),
                "t2#", new CostMeter()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "t1\u00e9", "t1\u007f"})
    void aPrefixThatDoesNotEndWithAnAsciiCharacterIsRefused(String prefix) {
        PrefixScans port = port();
        String t = newTable();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> port.scan(
                new ScanRequest(t, 0, 1, 10, Optional.empty()), prefix, new CostMeter()));
        assertTrue(e.getMessage().contains("'" + prefix + "'"), e.getMessage());
    }

    /**
     * A pool tenant's scan of a shared table: where the store has prefix scans, the items read are the tenant's
     * alone; where it has none, the store reads the other tenant's items too (and the answer is the same).
     */
    @Test
    void aPoolTenantsScanReadsItsOwnPartitionsWhereTheStoreCan() {
        String registry = reserveTable();
        String shared = reserveTable();
        Tenants tenants = Tenants.builder(store).model(TenancyModel.POOL).registryTable(registry)
                .handleLease(java.time.Duration.ofMillis(20)).build(); // off-boarding waits a lease out
        try {
            Store small = tenants.forTenant("small");
            Store large = tenants.forTenant("large");
            small.createTable(TableSpec.named(shared));
            large.createTable(TableSpec.named(shared));
            List<Write> mine = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                mine.add(Write.put(shared, Item.builder("p" + i, "s").put("v", i).build()));
            }
            small.writeBatch(mine);
            List<Write> theirs = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                theirs.add(Write.put(shared, Item.builder("p" + i, "s").put("v", -i).build()));
            }
            large.writeBatch(theirs);
            CostTally tally = new CostTally();
            List<Item> read = new ArrayList<>();
            small.measure(tally, () -> small.scanAll(Scan.of(shared).limit(10)).forEach(read::add));
            assertEquals(Set.of(0L, 1L, 2L), new LinkedHashSet<>(read.stream()
                    .map(i -> i.getLong("v").orElseThrow()).toList()));
            if (backend.capabilities().prefixScans().isPresent()) {
                assertEquals(3, tally.itemsRead(), "only the tenant's partitions were read: " + tally);
            } else {
                assertTrue(tally.itemsRead() >= 63, "the whole shared table was read: " + tally);
            }
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    private static void assertPartitionsTogetherInSortOrder(List<Key> read) {
        Set<String> done = new HashSet<>();
        for (int i = 0; i < read.size(); i++) {
            Key k = read.get(i);
            boolean continues = i > 0 && read.get(i - 1).partition().equals(k.partition());
            if (continues) {
                assertTrue(dev.nosqlpatterns.key.Utf8Order.compare(read.get(i - 1).sort(), k.sort()) < 0,
                        "sort keys in order within " + k.partition());
            } else {
                assertFalse(done.contains(k.partition()), "partition " + k.partition() + " read together");
                done.add(k.partition());
            }
        }
    }
}
