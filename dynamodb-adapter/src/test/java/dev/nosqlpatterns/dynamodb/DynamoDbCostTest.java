package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The capacity DynamoDB reports for each request reaches the store's cost listeners. */
class DynamoDbCostTest {

    @Test
    void aQuerysReadCapacityReachesTheCostListener() {
        String t = "cost" + Long.toString(System.nanoTime() % 1_000_000, 36);
        try (Store store = DynamoDbFixture.builder().build()) {
            assertTrue(store.has(Capability.CONSUMED_CAPACITY));
            store.createTable(TableSpec.named(t));
            try {
                for (int i = 0; i < 3; i++) {
                    store.put(t, Item.builder("p", "s" + i).put("v", "x".repeat(100)).build());
                }
                List<OperationCost> costs = new CopyOnWriteArrayList<>();
                store.measure(costs::add, () -> {
                    assertEquals(3, store.query(Query.in(t, "p")).items().size());
                    store.put(t, Item.builder("p", "s9").build());
                    store.get(t, Key.of("p", "s0"));
                    store.writeAtomically(List.of(Write.delete(t, Key.of("p", "s9"))));
                });
                OperationCost query = costs.get(0);
                assertEquals("query", query.operation());
                assertTrue(query.capacityReported(), query.toString());
                assertTrue(query.readUnits() > 0, query.toString());
                assertEquals(0.0, query.writeUnits(), query.toString());
                assertEquals(1, query.roundTrips(), query.toString());
                assertEquals(3, query.itemsRead());

                OperationCost put = costs.get(1);
                assertTrue(put.capacityReported() && put.writeUnits() >= 1.0, put.toString());
                OperationCost get = costs.get(2);
                assertTrue(get.capacityReported() && get.readUnits() > 0, get.toString());
                OperationCost atomic = costs.get(3);
                assertTrue(atomic.capacityReported() && atomic.writeUnits() >= 1.0, atomic.toString());
            } finally {
                store.dropTable(t);
            }
        }
    }
}
