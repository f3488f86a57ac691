package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Unconditional puts to tables without indexes go as MULTI/EXEC transactions ({@link PlainPuts}) and leave
 * exactly the layout {@code write.lua} leaves for the same puts: the same hash fields (the version token
 * aside), the same members of the sort-key sets and the registry, the same expiry, in one round trip.
 */
class PlainPutsTest {
    private static final Instant LATER = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);

    @Test
    void aTransactionLeavesWhatTheScriptLeaves() {
        String plain = "nspp" + System.nanoTime() + ":";
        String scripted = "nsps" + System.nanoTime() + ":";
        List<Item> items = List.of(
                Item.builder(Key.of("p", "a")).put("n", 1).put("s", "text").build(),
                Expiry.at(Item.builder(Key.of("p", "b")).put("flag", true).build(), LATER),
                Item.builder(Key.of("q", "c")).build());
        try (Store a = store(plain); Store b = store(scripted);
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            a.createTable(TableSpec.named("t"));
            b.createTable(TableSpec.named("t"));
            for (Item item : items) {
                CostTally tally = a.measure(() -> a.put("t", item));
                assertEquals(1, tally.roundTrips(), "one transaction per put: " + tally);
                // several writes at once always go through the script
                b.writeAtomically(List.of(Write.put("t", item)));
            }
            for (Item item : items) {
                Key key = item.key();
                String hash = "{t:" + key.partition() + "}i" + key.sort();
                assertEquals(fields(admin, scripted + hash), fields(admin, plain + hash), hash);
                assertEquals(admin.pttl(scripted + hash) > 0, admin.pttl(plain + hash) > 0, "expiry of " + hash);
                assertEquals(item, a.get("t", key).orElseThrow());
            }
            for (String set : List.of("{t:p}z", "{t:q}z", "{t}p")) {
                assertEquals(admin.zrange(scripted + set, 0, -1), admin.zrange(plain + set, 0, -1), set);
            }
            assertTrue(admin.pttl(plain + "{t:p}ib") > 0, "the expiring item's hash expires");
            a.dropTable("t");
            b.dropTable("t");
        }
    }

    @Test
    void aBatchGoesInTransactionsOfOneRoundTripAndEveryItemIsFound() {
        String prefix = "nspb" + System.nanoTime() + ":";
        try (Store store = store(prefix)) {
            store.createTable(TableSpec.named("t"));
            List<Write> puts = new ArrayList<>();
            for (int i = 0; i < 250; i++) {
                puts.add(Write.put("t", Item.builder(Key.of("p" + i % 3, String.format("%04d", i))).put("i", i).build()));
            }
            CostTally tally = store.measure(() -> store.writeBatch(puts));
            assertEquals(1, tally.roundTrips(), "three transactions in one pipeline: " + tally);
            for (int p = 0; p < 3; p++) {
                int partition = p;
                List<Item> expected = puts.stream().map(w -> ((Write.Put) w).item())
                        .filter(item -> item.key().partition().equals("p" + partition)).toList();
                assertEquals(expected, store.query(Query.in("t", "p" + p).limit(1000)).items());
            }
            assertEquals(250, store.scanAll(Scan.of("t")).count());
            store.dropTable("t");
        }
    }

    @Test
    void aCommandFailingInsideTheTransactionFailsThePut() {
        String prefix = "nspf" + System.nanoTime() + ":";
        try (Store store = store(prefix); Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.named("t"));
            admin.set(prefix + "{t:p}z", "not a sorted set");
            StoreException e = assertThrows(StoreException.class,
                    () -> store.put("t", Item.builder(Key.of("p", "a")).put("n", 1).build()));
            assertTrue(e.getMessage().contains("WRONGTYPE") && e.getMessage().contains("'t'"), e.getMessage());
            admin.del(prefix + "{t:p}z");
            store.dropTable("t");
        }
    }

    private static Store store(String prefix) {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
    }

    /** The hash's fields and values, the version token's value left out (every write draws a new one). */
    private static Map<String, String> fields(Jedis admin, String key) {
        Map<String, String> out = new TreeMap<>();
        admin.hgetAll(key.getBytes(java.nio.charset.StandardCharsets.UTF_8)).forEach((name, value) -> {
            boolean version = Arrays.equals(name, ItemHash.VERSION);
            out.put(Arrays.toString(name), version ? "version of " + value.length + " bytes" : Arrays.toString(value));
        });
        return out;
    }
}
