package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostListener;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** Scripts are called by SHA and loaded again whenever the server forgot them (restart, SCRIPT FLUSH). */
class ScriptReloadTest {

    @Test
    void everyOperationReloadsItsScriptAfterScriptFlush() {
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nsps" + System.nanoTime() + ":").build();
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            List<OperationCost> costs = new ArrayList<>();
            CostListener listener = costs::add;
            store.onCost(listener);
            store.createTable(TableSpec.named("t"));

            admin.scriptFlush();
            store.put("t", Item.builder("p", "1").build(), Condition.ifAbsent());
            assertEquals(3, costs.get(costs.size() - 1).roundTrips(), "EVALSHA, SCRIPT LOAD, EVALSHA");
            store.put("t", Item.builder("p", "0").build(), Condition.ifAbsent());
            assertEquals(1, costs.get(costs.size() - 1).roundTrips());
            admin.scriptFlush();
            store.put("t", Item.builder("p", "0").build());
            assertEquals(1, costs.get(costs.size() - 1).roundTrips(), "an unconditional put is a transaction, no script");

            admin.scriptFlush();
            List<Write> batch = new ArrayList<>();
            for (int i = 2; i < 1200; i++) {
                batch.add(Write.put("t", Item.builder("p" + (i % 7), Integer.toString(i)).build()));
            }
            // a delete takes the batch through the script
            batch.add(Write.delete("t", Key.of("p", "absent")));
            store.writeBatch(batch);
            admin.scriptFlush();
            assertEquals(2, store.query(Query.in("t", "p")).items().size());
            admin.scriptFlush();
            assertEquals(1200, store.scanAll(Scan.of("t")).count());
            admin.scriptFlush();
            Item updated = store.update("t", Key.of("p", "1"), UpdateAction.add("n", java.math.BigDecimal.ONE));
            assertEquals(1L, updated.getLong("n").orElseThrow());
            admin.scriptFlush();
            store.dropTable("t");
            assertTrue(RedisTestServer.keysLeftAfterDrop(admin, "nsps*").stream().noneMatch(k -> k.contains("{t")),
                    "the table left keys behind");
        }
    }
}
