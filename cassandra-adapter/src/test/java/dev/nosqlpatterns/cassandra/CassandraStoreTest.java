package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The builder, the URI provider and the schema mapping. */
class CassandraStoreTest {

    @Test
    void theBuilderChecksEachArgumentAtOnce() {
        CassandraStore.Builder b = CassandraStore.builder();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.keyspace("1bad")).getMessage().contains("1bad"));
        assertThrows(IllegalArgumentException.class, () -> b.keyspace("has-dash"));
        assertThrows(IllegalArgumentException.class, () -> b.contactPoint("h", 0));
        assertThrows(IllegalArgumentException.class, () -> b.contactPoint(" ", 9042));
        assertThrows(IllegalArgumentException.class, () -> b.simpleStrategy(0));
        assertThrows(IllegalArgumentException.class, () -> b.networkTopologyStrategy(Map.of("dc'1", 3)));
        assertThrows(IllegalArgumentException.class, () -> b.consistency(DefaultConsistencyLevel.SERIAL));
        assertThrows(IllegalArgumentException.class, () -> b.serialConsistency(DefaultConsistencyLevel.QUORUM));
        assertThrows(IllegalArgumentException.class, () -> b.localDatacenter("dc 1"));
        assertThrows(NullPointerException.class, () -> b.session(null));
        assertThrows(IllegalArgumentException.class, () -> b.limits(new dev.nosqlpatterns.store.model.Limits(
                1000, 70_000, 100, 10, 1000)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.gcGrace(java.time.Duration.ofSeconds(-1)))
                .getMessage().contains("PT-1S"));
        assertThrows(IllegalArgumentException.class, () -> b.gcGrace(java.time.Duration.ofMillis(1500)));
    }

    @Test
    void tablesTheStoreCreatesTakeTheGcGraceItWasGiven() {
        String given = CassandraTestSupport.uniqueName("grace");
        String standard = CassandraTestSupport.uniqueName("grace");
        try (Store store = CassandraTestSupport.builder().gcGrace(java.time.Duration.ofHours(3)).build();
             Store plain = CassandraTestSupport.builder().build()) {
            store.createTable(TableSpec.named(given));
            plain.createTable(TableSpec.named(standard));
            assertEquals(10_800, gcGrace(given));
            assertEquals(864_000, gcGrace(standard), "the server's default where none is given");
            store.dropTable(given);
            plain.dropTable(standard);
        }
    }

    private static int gcGrace(String table) {
        return CassandraTestSupport.session().execute(SimpleStatement.newInstance("SELECT gc_grace_seconds FROM"
                + " system_schema.tables WHERE keyspace_name = ? AND table_name = ?", CassandraTestSupport.keyspace(),
                table)).one().getInt(0);
    }

    @Test
    void theBuilderNamesEveryMissingPart() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CassandraStore.builder().build());
        assertTrue(e.getMessage().contains("keyspace()"), e.getMessage());
        assertTrue(e.getMessage().contains("session()"), e.getMessage());
        IllegalStateException noDc = assertThrows(IllegalStateException.class,
                () -> CassandraStore.builder().keyspace("k").contactPoint("localhost", 9042).build());
        assertTrue(noDc.getMessage().contains("localDatacenter()"), noDc.getMessage());
    }

    @Test
    void uriOptionsAreParsedAndUnknownOnesRefused() {
        CassandraStoreProvider.builder(URI.create("cassandra://a:1,b/ks?datacenter=dc2&consistency=one"
                + "&serialConsistency=serial&replication=3&createKeyspace=false&drop=truncate"));
        assertThrows(IllegalArgumentException.class,
                () -> CassandraStoreProvider.builder(URI.create("cassandra://a/ks?colour=red")));
        assertThrows(IllegalArgumentException.class, () -> CassandraStoreProvider.builder(URI.create("cassandra://a")));
        assertThrows(IllegalArgumentException.class,
                () -> CassandraStoreProvider.builder(URI.create("cassandra://a/ks?consistency=most")));
        assertThrows(IllegalArgumentException.class,
                () -> CassandraStoreProvider.builder(URI.create("cassandra://a/ks?drop=sometimes")));
    }

    @Test
    void storesOpenFromAUri() {
        CqlSession s = CassandraTestSupport.session();
        var node = s.getMetadata().getNodes().values().iterator().next().getEndPoint().resolve();
        String address = node.toString().replaceFirst("^.*/", "");
        try (Store store = Stores.open("cassandra://" + address + "/" + CassandraTestSupport.keyspace()
                + "?consistency=ONE&serialConsistency=SERIAL&drop=truncate&datacenter="
                + s.getMetadata().getNodes().values().iterator().next().getDatacenter())) {
            assertEquals("cassandra", store.kind());
            assertTrue(store.has(Capability.NATIVE_SECONDARY_INDEX));
            String t = CassandraTestSupport.uniqueName("uri");
            store.createTable(TableSpec.named(t));
            store.put(t, Item.builder("p", "s").put("a", "x").build());
            assertEquals("x", store.get(t, Key.of("p", "s")).orElseThrow().getString("a").orElseThrow());
            store.dropTable(t);
        }
    }

    @Test
    void dropTableModeRemovesTheCqlTable() {
        String t = CassandraTestSupport.uniqueName("dropped");
        try (Store store = CassandraTestSupport.builder().build()) {
            store.createTable(TableSpec.named(t));
            store.put(t, Item.of(Key.of("p", "s")));
            assertTrue(cqlTableExists(t));
            store.dropTable(t);
            assertFalse(cqlTableExists(t));
            store.dropTable(t); // absent: nothing happens
            store.createTable(TableSpec.named(t));
            assertTrue(store.get(t, Key.of("p", "s")).isEmpty());
            store.dropTable(t);
        }
    }

    @Test
    void truncateModeEmptiesTheTableAndKeepsIt() {
        String t = CassandraTestSupport.uniqueName("truncated");
        try (Store store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build()) {
            store.createTable(TableSpec.named(t));
            store.put(t, Item.of(Key.of("p", "s")));
            store.dropTable(t);
            assertTrue(cqlTableExists(t));
            assertThrows(TableNotFoundException.class, () -> store.get(t, Key.of("p", "s")));
            store.createTable(TableSpec.named(t));
            assertTrue(store.get(t, Key.of("p", "s")).isEmpty());
            store.dropTable(t);
        }
    }

    @Test
    void declaredAttributesGetTypedColumnsThatFollowTheItem() {
        String t = CassandraTestSupport.uniqueName("typed");
        try (Store store = CassandraTestSupport.builder().build()) {
            store.createTable(TableSpec.builder(t).attribute("title", Value.Type.STRING)
                    .attribute("tags", Value.Type.STRING_SET).attribute("n", Value.Type.NUMBER).build());
            Map<String, String> types = columnTypes(t);
            assertEquals("text", types.get(Projection.columnName("title")));
            assertEquals("set<text>", types.get(Projection.columnName("tags")));
            assertEquals("decimal", types.get(Projection.columnName("n")));
            store.put(t, Item.builder("p", "s").put("title", "T").put("tags", Value.stringSet("x", "y")).build());
            store.update(t, Key.of("p", "s"), UpdateAction.add("n", 5), UpdateAction.remove("title"));
            Row row = CassandraTestSupport.session().execute(SimpleStatement.newInstance("SELECT "
                    + TableInfo.quote(Projection.columnName("title")) + ", " + TableInfo.quote(Projection.columnName("tags"))
                    + ", " + TableInfo.quote(Projection.columnName("n")) + " FROM " + TableInfo.quote(CassandraTestSupport.keyspace())
                    + "." + TableInfo.quote(t) + " WHERE pk = ? AND sk = ?", "p", "s")).one();
            assertTrue(row.isNull(0));
            assertEquals(java.util.Set.of("x", "y"), row.getSet(1, String.class));
            assertEquals(0, new java.math.BigDecimal(5).compareTo(row.getBigDecimal(2)));
            Store other = CassandraTestSupport.builder().build();
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> other.createTable(TableSpec.builder(t).attribute("n", Value.Type.STRING).build()));
            assertTrue(e.getMessage().contains("'n'"), e.getMessage());
            other.close();
            store.dropTable(t);
        }
    }

    @Test
    void anUpdateThatRemovesNothingWritesOnlyTheEntriesItChanges() {
        String t = CassandraTestSupport.uniqueName("merge");
        try (Store store = CassandraTestSupport.builder().build()) {
            store.createTable(TableSpec.named(t));
            store.put(t, Item.builder("p", "s").put("kept", "k").put("n", 1).build());
            long put = writeTime(t, "kept");
            store.update(t, Key.of("p", "s"), UpdateAction.add("n", 2), UpdateAction.set("added", Value.of("a")));
            assertEquals(put, writeTime(t, "kept"), "the unchanged entry is not written again");
            assertTrue(writeTime(t, "n") > put && writeTime(t, "added") > put, "the changed entries are");
            assertEquals(Item.builder("p", "s").put("kept", "k").put("n", 3).put("added", "a").build(),
                    store.get(t, Key.of("p", "s")).orElseThrow());

            store.update(t, Key.of("p", "s"), UpdateAction.remove("added"));
            assertTrue(writeTime(t, "kept") > put, "a removal rewrites the whole map");
            assertEquals(Item.builder("p", "s").put("kept", "k").put("n", 3).build(),
                    store.get(t, Key.of("p", "s")).orElseThrow());

            Item expiring = dev.nosqlpatterns.item.Expiry.at(Item.builder("p", "e").put("kept", "k").put("n", 1).build(),
                    java.time.Instant.now().plusSeconds(3600));
            store.put(t, expiring);
            long expiringPut = writeTime(t, "e", "kept");
            store.update(t, Key.of("p", "e"), UpdateAction.add("n", 1));
            assertTrue(writeTime(t, "e", "kept") > expiringPut,
                    "an item with an expiry is rewritten whole: its cells carry the insert's time to live");
            store.dropTable(t);
        }
    }

    private static long writeTime(String table, String attribute) {
        return writeTime(table, "s", attribute);
    }

    private static long writeTime(String table, String sort, String attribute) {
        Row row = CassandraTestSupport.session().execute(SimpleStatement.newInstance("SELECT WRITETIME(attrs['"
                + attribute + "']) FROM " + TableInfo.quote(CassandraTestSupport.keyspace()) + "." + TableInfo.quote(table)
                + " WHERE pk = ? AND sk = ?", "p", sort)).one();
        return row.getLong(0);
    }

    @Test
    void attachingToAMissingKeyspaceIsRefused() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> CassandraStore.builder()
                .session(CassandraTestSupport.session()).keyspace("no_such_keyspace").createKeyspace(false).build());
        assertTrue(e.getMessage().contains("no_such_keyspace"), e.getMessage());
    }

    @Test
    void aTableDroppedBehindTheStoresBackIsReportedAsNotFound() {
        String t = CassandraTestSupport.uniqueName("gone");
        try (Store store = CassandraTestSupport.builder().build()) {
            store.createTable(TableSpec.named(t));
            CassandraTestSupport.session().execute("DROP TABLE " + TableInfo.quote(CassandraTestSupport.keyspace())
                    + "." + TableInfo.quote(t));
            TableNotFoundException e = assertThrows(TableNotFoundException.class,
                    () -> store.put(t, Item.of(Key.of("p", "s"))));
            assertEquals(t, e.table().orElseThrow());
        }
    }

    @Test
    void everyCallCountsItsRequests() {
        String t = CassandraTestSupport.uniqueName("costs");
        try (Store store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build()) {
            store.createTable(TableSpec.named(t));
            List<OperationCost> costs = new ArrayList<>();
            store.measure(costs::add, () -> {
                store.put(t, Item.of(Key.of("p", "s")));
                store.update(t, Key.of("p", "s"), UpdateAction.add("n", 1));
            });
            assertEquals(1, costs.get(0).roundTrips(), "a plain put is one request");
            assertEquals(2, costs.get(1).roundTrips(), "an update is a read and a compare-and-set");
            assertFalse(costs.get(1).capacityReported(), "Cassandra reports no capacity units");
            store.dropTable(t);
        }
    }

    @Test
    void partitionSizesMeasureAPartitionAndEstimateATable() {
        String t = CassandraTestSupport.uniqueName("sizes");
        try (Store store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build()) {
            store.createTable(TableSpec.named(t));
            long bytes = 0;
            for (int i = 0; i < 30; i++) {
                Item item = Item.builder("big", "s" + i).put("payload", "x".repeat(100)).build();
                store.put(t, item);
                bytes += item.sizeInBytes();
            }
            store.put(t, Item.of(Key.of("small", "s")));
            PartitionSizes sizes = store.extension(PartitionSizes.class).orElseThrow();
            java.util.List<dev.nosqlpatterns.store.model.OperationCost> costs = new java.util.ArrayList<>();
            PartitionSizes.PartitionSize big = store.measure(costs::add, () -> sizes.measure(t, "big"));
            assertEquals(new PartitionSizes.PartitionSize(t, "big", 30, bytes), big);
            assertEquals("PartitionSizes.measure", costs.get(0).operation(), costs.toString());
            assertEquals(1, costs.size(), costs.toString());
            assertEquals(0, sizes.measure(t, "none").items());
            PartitionSizes.TableEstimate estimate = sizes.estimate(t);
            assertEquals(t, estimate.table());
            assertTrue(estimate.partitions() >= 0 && estimate.meanPartitionBytes() >= 0, estimate.toString());
            store.dropTable(t);
        }
    }

    @Test
    void aDeleteIfAbsentFailsOnAPresentItemAndCreatesNothing() {
        String t = CassandraTestSupport.uniqueName("delabsent");
        try (Store store = CassandraTestSupport.builder().dropMode(CassandraStore.DropMode.TRUNCATE).build()) {
            store.createTable(TableSpec.named(t));
            store.put(t, Item.of(Key.of("p", "here")));
            assertThrows(dev.nosqlpatterns.store.model.ConditionFailedException.class, () -> store.delete(
                    new dev.nosqlpatterns.store.model.Write.Delete(t, Key.of("p", "here"),
                            dev.nosqlpatterns.store.model.Condition.ifAbsent())));
            assertTrue(store.get(t, Key.of("p", "here")).isPresent());
            store.delete(new dev.nosqlpatterns.store.model.Write.Delete(t, Key.of("p", "gone"),
                    dev.nosqlpatterns.store.model.Condition.ifAbsent()));
            assertTrue(store.get(t, Key.of("p", "gone")).isEmpty());
            assertEquals(1, store.query(dev.nosqlpatterns.store.model.Query.in(t, "p")).items().size());
            store.dropTable(t);
        }
    }

    private static boolean cqlTableExists(String table) {
        return CassandraTestSupport.session().execute(SimpleStatement.newInstance("SELECT table_name FROM"
                + " system_schema.tables WHERE keyspace_name = ? AND table_name = ?", CassandraTestSupport.keyspace(),
                table)).one() != null;
    }

    private static Map<String, String> columnTypes(String table) {
        Map<String, String> out = new HashMap<>();
        for (Row row : CassandraTestSupport.session().execute(SimpleStatement.newInstance("SELECT column_name, type FROM"
                + " system_schema.columns WHERE keyspace_name = ? AND table_name = ?", CassandraTestSupport.keyspace(),
                table))) {
            out.put(row.getString(0), row.getString(1));
        }
        return out;
    }
}
