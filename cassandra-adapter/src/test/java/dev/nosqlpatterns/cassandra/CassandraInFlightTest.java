package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bound on the requests one call has in flight: its option, and the wait a small bound costs. */
class CassandraInFlightTest {

    @Test
    void theBoundIsCheckedByTheBuilderAndTheUri() {
        assertEquals("maxInFlight must be from 1 to 65536, got 0", assertThrows(IllegalArgumentException.class,
                () -> CassandraStore.builder().maxInFlight(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CassandraStore.builder().maxInFlight(65_537));
        CassandraStoreProvider.builder(URI.create("cassandra://a/ks?maxInFlight=64"));
        String notANumber = assertThrows(IllegalArgumentException.class,
                () -> CassandraStoreProvider.builder(URI.create("cassandra://a/ks?maxInFlight=many"))).getMessage();
        assertTrue(notANumber.contains("maxInFlight must be a number, got 'many'"), notANumber);
        String zero = assertThrows(IllegalArgumentException.class,
                () -> CassandraStoreProvider.builder(URI.create("cassandra://a/ks?maxInFlight=0"))).getMessage();
        assertTrue(zero.contains("maxInFlight must be from 1 to 65536, got 0"), zero);
    }

    @Test
    void aSmallBoundAnswersTheSameAndWaitsOneRoundTripPerWindow() {
        try (Store store = CassandraTestSupport.builder().maxInFlight(4).build()) {
            String t = CassandraTestSupport.uniqueName("inflight");
            store.createTable(TableSpec.named(t));
            List<Write> writes = new ArrayList<>();
            List<Query> queries = new ArrayList<>();
            for (int p = 0; p < 100; p++) {
                writes.add(Write.put(t, Item.builder(Key.of("p" + p, "s")).put("n", (long) p).build()));
                queries.add(Query.in(t, "p" + (p * 7 % 100)));
            }
            store.writeBatch(writes);
            CostTally cost = new CostTally();
            List<Page> pages = store.measure(cost, () -> store.queryEach(queries));
            for (int i = 0; i < queries.size(); i++) {
                assertEquals(store.query(queries.get(i)).items(), pages.get(i).items(), "query " + i);
            }
            assertEquals(100, cost.roundTrips(), cost.toString());
            assertTrue(cost.criticalPath() >= 25 && cost.criticalPath() <= 100,
                    "100 requests, 4 at a time, wait at least 25 round trips: " + cost);
            store.dropTable(t);
        }
    }
}
