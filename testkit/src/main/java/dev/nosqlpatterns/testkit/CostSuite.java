package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Every call reports what it cost to the listeners: round trips, items and bytes, capacity where reported. */
public abstract class CostSuite extends StoreSuite {

    private List<OperationCost> record(Runnable body) {
        List<OperationCost> costs = new CopyOnWriteArrayList<>();
        store.measure(costs::add, () -> {
            body.run();
        });
        return costs;
    }

    @Test
    void aGetCostsOneRoundTripAndReportsTheItem() {
        String t = newTable();
        store.put(t, item("p", "s", "v", "x".repeat(100)));
        List<OperationCost> costs = record(() -> store.get(t, Key.of("p", "s")));
        assertEquals(1, costs.size());
        OperationCost c = costs.get(0);
        assertEquals("get", c.operation());
        assertEquals(t, c.table());
        assertEquals(1, c.roundTrips());
        assertEquals(1, c.itemsRead());
        assertTrue(c.bytesRead() >= 100, "bytes read: " + c.bytesRead());
        assertEquals(false, c.failed());
    }

    @Test
    void aPutReportsTheItemWritten() {
        String t = newTable();
        List<OperationCost> costs = record(() -> store.put(t, item("p", "s", "v", "y".repeat(50))));
        OperationCost c = costs.get(0);
        assertEquals("put", c.operation());
        assertEquals(1, c.itemsWritten());
        assertTrue(c.bytesWritten() >= 50);
        assertTrue(c.roundTrips() >= 1);
    }

    @Test
    void aQueryReportsItemsReadAndFewRoundTrips() {
        String t = newTable();
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            writes.add(Write.put(t, item("p", "s" + i)));
        }
        store.writeBatch(writes);
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            assertEquals(40, store.query(Query.in(t, "p").limit(100)).items().size());
        });
        assertEquals(1, tally.calls());
        assertEquals(40, tally.itemsRead());
        assertTrue(tally.roundTrips() >= 1 && tally.roundTrips() <= 3, "round trips: " + tally.roundTrips());
        if (store.has(Capability.CONSUMED_CAPACITY)) {
            assertTrue(tally.readUnits() > 0, "a store that reports capacity reports it for a query");
        }
    }

    @Test
    void aBatchGetOfManyKeysTakesFewRoundTrips() {
        String t = newTable();
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            keys.add(Key.of("p" + i, "s"));
        }
        store.writeBatch(keys.stream().map(k -> (Write) Write.put(t, item(k.partition(), k.sort()))).toList());
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            assertEquals(150, store.getAll(t, keys).items().size());
        });
        assertEquals(150, tally.itemsRead());
        assertTrue(tally.roundTrips() >= 1 && tally.roundTrips() <= 10,
                "a batch get must not cost one request per key: " + tally.roundTrips());
    }

    @Test
    void aFailedCallIsReportedAsFailedWithNothingWritten() {
        String t = newTable();
        store.put(t, item("p", "s"));
        List<OperationCost> costs = record(() -> assertThrows(ConditionFailedException.class,
                () -> store.put(t, item("p", "s"), Condition.ifAbsent())));
        assertEquals(1, costs.size());
        assertTrue(costs.get(0).failed());
        assertEquals(0, costs.get(0).itemsWritten());
    }

    @Test
    void closingTheRegistrationStopsReports() {
        String t = newTable();
        CostTally tally = new CostTally();
        Store.Registration r = store.onCost(tally);
        store.put(t, item("p", "s"));
        r.close();
        store.put(t, item("p", "s2"));
        assertEquals(1, tally.calls());
        assertEquals(1, tally.itemsWritten());
    }
}
