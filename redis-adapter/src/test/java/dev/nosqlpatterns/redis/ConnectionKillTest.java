package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.model.IndexQuery;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Kills the store's connections from another client while a large batch is in flight, then checks, key by
 * key, that every item hash has its sort-key entry, every sort-key entry its item, the partition registry
 * exactly the non-empty partitions, and every index entry its item and vice versa.
 */
class ConnectionKillTest {
    private static final String TABLE = "killed";

    @Test
    void killingTheConnectionMidBatchLeavesItemsSortKeysAndIndexesConsistent() throws Exception {
        String clientName = "nsp-victim-" + System.nanoTime();
        String prefix = "nspk" + System.nanoTime() + ":";
        URI uri = URI.create(RedisTestServer.uri());
        try (Store store = RedisStore.builder().uri(uri).keyPrefix(prefix).clientName(clientName).maxConnections(2).build();
             Jedis admin = new Jedis(uri)) {
            store.createTable(TableSpec.builder(TABLE).index(IndexSpec.of("byColour", "colour", "rank")).build());
            List<Write> seed = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                seed.add(Write.put(TABLE, item(i, "red")));
            }
            store.writeBatch(seed);

            boolean interrupted = false;
            for (int attempt = 1; attempt <= 4 && !interrupted; attempt++) {
                interrupted = batchKilledMidway(store, admin, clientName, prefix, 20_000 * attempt, attempt);
            }
            assertTrue(interrupted, "the connection kill never landed in the middle of a batch");

            checkConsistent(admin, prefix);
            // The store recovers with fresh connections, and its own reads agree with the raw check.
            store.put(TABLE, Item.builder("after", "kill").put("colour", "blue").put("rank", "1").build());
            assertEquals("blue", store.get(TABLE, Key.of("after", "kill")).orElseThrow().getString("colour").orElseThrow());
            long scanned = store.scanAll(Scan.of(TABLE)).count();
            assertEquals(countItems(admin, prefix), scanned);
            long indexed = 0;
            for (String colour : List.of("red", "green", "blue")) {
                IndexQuery q = IndexQuery.of(TABLE, "byColour", Value.of(colour)).limit(1000);
                var page = store.queryIndex(q);
                indexed += page.items().size();
                while (page.hasNext()) {
                    page = store.queryIndex(q.after(page.next().get()));
                    indexed += page.items().size();
                }
            }
            assertEquals(scanned, indexed, "every item has a colour, so each is in the index once");
            store.dropTable(TABLE);
            assertEquals(java.util.List.of(), RedisTestServer.keysLeftAfterDrop(admin, prefix + "*"),
                    "dropping the table leaves no key behind");
        }
    }

    @Test
    void theConsistencyCheckCatchesAnItemWithoutItsSortKey() {
        String prefix = "nspk" + System.nanoTime() + ":";
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.builder(TABLE).index(IndexSpec.of("byColour", "colour", "rank")).build());
            store.put(TABLE, item(1, "red"));
            checkConsistent(admin, prefix);
            admin.zrem(new Keys(prefix).sortKeys(TABLE, key(1).partition()), Keys.utf8(key(1).sort()));
            assertThrows(AssertionError.class, () -> checkConsistent(admin, prefix));
            store.dropTable(TABLE);
            admin.del(new Keys(prefix).item(TABLE, key(1).partition(), key(1).sort()));
        }
    }

    /** Runs one batch and kills the store's connections once its first write landed; true if cut midway. */
    private static boolean batchKilledMidway(Store store, Jedis admin, String clientName, String prefix, int size,
                                             int attempt) throws InterruptedException {
        List<Write> batch = new ArrayList<>();
        batch.add(Write.put(TABLE, marker("first", attempt)));
        for (int i = 0; i < size; i++) {
            int n = i % 6000;
            batch.add(i % 5 == 0 ? Write.delete(TABLE, key(n)) : Write.put(TABLE, item(n, i % 2 == 0 ? "green" : "blue")));
        }
        batch.add(Write.put(TABLE, marker("last", attempt)));
        byte[] first = new Keys(prefix).item(TABLE, "marker", "first" + attempt);
        Thread killer = new Thread(() -> {
            try (Jedis watcher = new Jedis(URI.create(RedisTestServer.uri()))) {
                long deadline = System.currentTimeMillis() + 20_000;
                while (!watcher.exists(first) && System.currentTimeMillis() < deadline) {
                    Thread.onSpinWait();
                }
                for (String line : watcher.clientList().split("\n")) {
                    if (line.contains(" name=" + clientName + " ")) {
                        String id = line.substring(line.indexOf("id=") + 3, line.indexOf(' '));
                        watcher.sendCommand(redis.clients.jedis.Protocol.Command.CLIENT, "KILL", "ID", id);
                    }
                }
            }
        });
        killer.start();
        boolean failed = false;
        try {
            store.writeBatch(batch);
        } catch (StoreUnavailableException e) {
            failed = true;
        }
        killer.join();
        Keys keys = new Keys(prefix);
        boolean firstIn = admin.exists(keys.item(TABLE, "marker", "first" + attempt));
        boolean lastIn = admin.exists(keys.item(TABLE, "marker", "last" + attempt));
        return failed && firstIn && !lastIn;
    }

    private static Item item(int n, String colour) {
        return Item.builder(key(n)).put("colour", colour).put("rank", String.format("%05d", n)).put("n", n).build();
    }

    private static Key key(int n) {
        // Partition keys with '}' and '%' exercise the escaping of hash tags.
        return Key.of("p}" + (n % 97) + "%", "s" + n);
    }

    private static Item marker(String which, int attempt) {
        return Item.builder("marker", which + attempt).put("colour", "red").put("rank", which).build();
    }

    private static long countItems(Jedis admin, String prefix) {
        return keysOf(admin, prefix).stream().filter(k -> type(prefix, text(k)) == 'i').count();
    }

    static void checkConsistent(Jedis admin, String prefix) {
        List<byte[]> all = keysOf(admin, prefix);
        Set<String> itemKeys = new HashSet<>();
        Map<String, Set<String>> sortKeys = new HashMap<>();
        for (byte[] k : all) {
            String key = text(k);
            if (type(prefix, key) == 'i') {
                itemKeys.add(key);
            } else if (type(prefix, key) == 'z') {
                Set<String> members = new HashSet<>();
                admin.zrange(k, 0, -1).forEach(m -> members.add(text(m)));
                assertFalse(members.isEmpty(), "an empty sort-key set exists: " + key);
                sortKeys.put(key.substring(0, key.length() - 1), members);
            }
        }
        int pairs = 0;
        for (Map.Entry<String, Set<String>> e : sortKeys.entrySet()) {
            for (String sort : e.getValue()) {
                assertTrue(itemKeys.contains(e.getKey() + "i" + sort), "sort key without item: " + e.getKey() + sort);
                pairs++;
            }
        }
        assertEquals(itemKeys.size(), pairs, "items without sort keys exist");
        Set<String> registered = new HashSet<>();
        admin.zrange(Keys.utf8(prefix + "{" + TABLE + "}p"), 0, -1)
                .forEach(p -> registered.add(prefix + "{" + TABLE + ":" + Keys.escapeTag(text(p)) + "}"));
        assertEquals(sortKeys.keySet(), registered, "the partition registry must list exactly the non-empty partitions");
        Set<String> entries = new HashSet<>();
        admin.zrange(Keys.utf8(prefix + "{" + TABLE + "}xbyColour"), 0, -1).forEach(m -> entries.add(Arrays.toString(m)));
        Set<String> remembered = new HashSet<>();
        for (String item : itemKeys) {
            byte[] entry = admin.hget(Keys.utf8(item), ItemHash.indexField("byColour"));
            assertTrue(entry != null, "an item with a colour has no index entry: " + item);
            assertTrue(text(entry).endsWith(item), "the index entry of " + item + " points elsewhere");
            remembered.add(Arrays.toString(entry));
        }
        assertEquals(remembered, entries, "index entries must be exactly those of the items");
    }

    private static char type(String prefix, String key) {
        return key.charAt(key.indexOf('}', prefix.length()) + 1);
    }

    private static List<byte[]> keysOf(Jedis admin, String prefix) {
        List<byte[]> out = new ArrayList<>();
        ScanParams params = new ScanParams().match(prefix + "*").count(1000);
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            ScanResult<byte[]> page = admin.scan(cursor, params);
            out.addAll(page.getResult());
            cursor = page.getCursorAsBytes();
        } while (!Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY));
        return out;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
