package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Scans of a table after most of its rows were deleted: until compaction purges them (after the table's
 * gc_grace_seconds, ten days by default) the deleted rows stay as tombstones, and a read that meets more of
 * them than {@code tombstone_failure_threshold} fails. A node of its own with a threshold of {@value #THRESHOLD}
 * meets at a few thousand rows what 100,000 deleted rows do to a node with the default.
 */
class CassandraTombstoneScanTest {
    private static final int THRESHOLD = 1_000;
    private static EmbeddedCassandra node;

    @BeforeAll
    static void startNode() {
        String given = System.getProperty(CassandraTestSupport.URI_VARIABLE,
                System.getenv(CassandraTestSupport.URI_VARIABLE));
        assumeTrue(given == null || given.isBlank(),
                "needs a node whose tombstone_failure_threshold it sets: runs on the embedded node only");
        node = EmbeddedCassandra.builder().maxHeapMegabytes(512).tombstoneFailureThreshold(THRESHOLD).start();
    }

    @AfterAll
    static void stopNode() {
        if (node != null) {
            node.close();
        }
    }

    private static void write(Store store, String table, List<Key> keys, boolean delete) {
        for (int from = 0; from < keys.size(); from += 500) {
            List<Write> writes = new ArrayList<>();
            for (Key k : keys.subList(from, Math.min(keys.size(), from + 500))) {
                writes.add(delete ? Write.delete(table, k) : Write.put(table, Item.builder(k).put("n", 1).build()));
            }
            store.writeBatch(writes);
        }
    }

    private static List<Key> keys(String prefix, int n) {
        return IntStream.range(0, n).mapToObj(i -> Key.of(prefix + i, "-")).collect(Collectors.toList());
    }

    private static Set<String> partitions(List<Item> items) {
        return items.stream().map(i -> i.key().partition()).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void scansReadThroughMoreDeletedRowsThanOneReadMayMeet() {
        try (Store store = Stores.open(node.uri("tombstones").toString())) {
            store.createTable(TableSpec.named("shared"));
            List<Key> gone = keys("gone|", 6 * THRESHOLD);
            write(store, "shared", gone, false);
            write(store, "shared", keys("stays|", 25), false);
            write(store, "shared", gone, true);
            Set<String> expected = partitions(keys("stays|", 25).stream().map(Item::of).toList());

            assertEquals(expected, partitions(store.scanAll(Scan.of("shared")).toList()), "one segment");
            for (int limit : new int[] {1, 4, 5_000}) {
                List<Item> read = new ArrayList<>();
                for (int segment = 0; segment < 3; segment++) {
                    Optional<dev.nosqlpatterns.store.model.Cursor> after = Optional.empty();
                    do {
                        Scan scan = Scan.of("shared").segment(segment, 3).limit(limit);
                        Page page = store.scan(after.isPresent() ? scan.after(after.get()) : scan);
                        read.addAll(page.items());
                        after = page.next();
                    } while (after.isPresent());
                }
                assertEquals(25, read.size(), "three segments, pages of " + limit + ": each item once");
                assertEquals(expected, partitions(read), "three segments, pages of " + limit);
            }
        }
    }

    @Test
    void offboardingALargePoolTenantLeavesTheSharedTablesScannable() {
        try (Store store = Stores.open(node.uri("offboarding").toString())) {
            Tenants tenants = Tenants.builder(store).model(TenancyModel.POOL).registryTable("tenants")
                    .handleLease(java.time.Duration.ofMillis(20)).build(); // off-boarding waits a lease out
            Store leaves = tenants.forTenant("leaves");
            leaves.createTable(TableSpec.named("notes"));
            write(leaves, "notes", keys("note|", 3 * THRESHOLD), false);
            Store stays = tenants.forTenant("stays");
            stays.createTable(TableSpec.named("notes"));
            write(stays, "notes", keys("note|", 10), false);

            tenants.offboard("leaves");
            assertEquals(10, stays.scanAll(Scan.of("notes")).count(), "the other tenant's notes, scanned");
            tenants.offboard("stays");
            store.createTable(TableSpec.named("notes"));
            assertEquals(0, store.scanAll(Scan.of("notes")).count(), "the shared table after both left");
        }
    }

    @Test
    void aPartitionOfMoreDeletedRowsThanOneReadMayMeetFailsWithTheCauseAndTheWayOut() {
        try (Store store = Stores.open(node.uri("onepartition").toString())) {
            store.createTable(TableSpec.named("log"));
            List<Key> rows = IntStream.range(0, 2 * THRESHOLD).mapToObj(i -> Key.of("day", String.format("%05d", i)))
                    .collect(Collectors.toList());
            write(store, "log", rows, false);
            store.put("log", Item.builder(Key.of("day", "99999")).put("n", 1).build());
            write(store, "log", rows, true);

            StoreException e = assertThrows(StoreException.class, () -> store.scanAll(Scan.of("log")).toList());
            assertTrue(e.getMessage().contains("tombstone_failure_threshold")
                    && e.getMessage().contains("gc_grace_seconds"), e.getMessage());
        }
    }
}
