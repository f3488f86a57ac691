package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code Store.writeEach} on Cassandra: the conditional writes of one partition go as one conditional batch, those
 * of a batch refused by one condition go again one by one, and requests go several at once.
 */
class CassandraEachWriteTest {

    @Test
    void theConditionalWritesOfAPartitionGoAsOneBatch() {
        try (Store store = CassandraTestSupport.builder().build()) {
            String t = CassandraTestSupport.uniqueName("each");
            store.createTable(TableSpec.named(t));
            List<Write> claims = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                claims.add(Write.put(t, Item.builder(Key.of("p" + (i % 4), "s" + i)).put("n", (long) i).build())
                        .when(Condition.ifAbsent()));
            }
            CostTally cost = new CostTally();
            List<Boolean> applied = store.measure(cost, () -> store.writeEach(claims));
            assertEquals(40, applied.stream().filter(a -> a).count());
            assertEquals(4, cost.roundTrips(), "one conditional batch per partition: " + cost);
            assertEquals(1, cost.criticalPath(), "the four batches at once: " + cost);

            // Partition p0 now meets a taken item: its batch is not applied, and its writes go one by one.
            List<Write> again = new ArrayList<>();
            List<Boolean> expected = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String sort = i == 0 ? "s0" : "t" + i;
                again.add(Write.put(t, Item.builder(Key.of("p" + (i % 2 == 0 ? 0 : 5), sort)).build())
                        .when(Condition.ifAbsent()));
                expected.add(i != 0);
            }
            CostTally second = new CostTally();
            assertEquals(expected, store.measure(second, () -> store.writeEach(again)));
            assertEquals(2 + 4 + 1, second.roundTrips(),
                    "two batches, p0's four writes alone, a read of the refused item (an expired one is absent): "
                            + second);
            assertEquals(13, store.queryAll(Query.in(t, "p0")).count(), "ten before, three added");
            assertEquals(Item.builder(Key.of("p0", "s0")).put("n", 0L).build(),
                    store.get(t, Key.of("p0", "s0")).orElseThrow(), "the refused claim left the item as it was");
            assertEquals(4, store.queryAll(Query.in(t, "p5")).count());
            store.dropTable(t);
        }
    }
}
