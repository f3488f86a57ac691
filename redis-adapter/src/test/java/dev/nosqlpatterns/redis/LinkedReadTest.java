package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A linked read larger than one script call's budgets (items, bytes) goes on from where the call
 * stopped, and the script is loaded again when the server has forgotten it.
 */
class LinkedReadTest {
    private static final CompositeKeyCodec ID = CompositeKeyCodec.of(SegmentType.STRING);

    @Test
    void aReadLargerThanTheBudgetTakesOneMoreCallPerBudget() {
        String prefix = "lr" + System.nanoTime() + ":";
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
             Jedis admin = new Jedis(java.net.URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.named("t"));
            int children = RedisLinkedReads.BUDGET + 500;
            List<Value> links = new ArrayList<>();
            List<Write> writes = new ArrayList<>();
            List<Item> expected = new ArrayList<>();
            for (int i = 0; i < children; i++) {
                String id = "child " + i;
                links.add(Value.of(id));
                // every child links back to the root and to its neighbour: already named, never read twice
                Item child = Item.builder(Key.of("p", "N:" + ID.encode(id)))
                        .put("next", Value.list(Value.of("root"), Value.of("child " + (i + 1) % children))).build();
                writes.add(Write.put("t", child));
                expected.add(child);
            }
            Item root = Item.builder(Key.of("p", "N:" + ID.encode("root"))).put("next", Value.list(links)).build();
            writes.add(Write.put("t", root));
            expected.add(0, root);
            store.writeBatch(writes);
            admin.scriptFlush();
            LinkedRead read = LinkedRead.of("t", "p", List.of(root.key().sort()), "next", "N:", 5);
            List<List<Item>> answers = new ArrayList<>();
            CostTally cost = store.measure(() -> answers.add(store.follow(read)));
            assertEquals(expected, answers.get(0));
            assertEquals(2 + 2, cost.roundTrips(), "two calls of at most " + RedisLinkedReads.BUDGET
                    + " items, the first refused (no script) and sent again after loading it: " + cost);
        }
    }
    @Test
    void aReadOfLargeItemsStopsAtTheByteBudgetAndGoesOn() {
        String prefix = "lrb" + System.nanoTime() + ":";
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build()) {
            store.createTable(TableSpec.named("t"));
            int children = 12;
            String payload = "x".repeat(390 * 1024);
            List<Value> links = new ArrayList<>();
            List<Item> expected = new ArrayList<>();
            for (int i = 0; i < children; i++) {
                links.add(Value.of("c" + i));
                Item child = Item.builder(Key.of("p", "N:" + ID.encode("c" + i))).put("payload", payload).build();
                store.put("t", child);
                expected.add(child);
            }
            Item root = Item.builder(Key.of("p", "N:" + ID.encode("root"))).put("next", Value.list(links)).build();
            store.put("t", root);
            expected.add(0, root);
            LinkedRead read = LinkedRead.of("t", "p", List.of(root.key().sort()), "next", "N:", 1);
            store.follow(read);
            List<List<Item>> answers = new ArrayList<>();
            CostTally cost = store.measure(() -> answers.add(store.follow(read)));
            assertEquals(expected, answers.get(0));
            assertEquals(2, cost.roundTrips(), "4 MB a call: the root and 11 children, the last reaching it, then the 12th: " + cost);
        }
    }
}
