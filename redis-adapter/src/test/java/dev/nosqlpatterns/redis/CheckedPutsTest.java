package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * A single put on a condition to a table without indexes goes as one call of {@code putif.lua}
 * ({@link CheckedPuts}) and leaves exactly the layout {@code write.lua} leaves for the same put; its
 * request marker makes a call sent again after a lost reply count once, and a call whose condition failed
 * leaves no marker. The same holds for the marker of {@code add.lua}.
 */
class CheckedPutsTest {
    private static final Instant LATER = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);

    @Test
    void aConditionalPutLeavesWhatTheGeneralScriptLeaves() {
        String checked = "nscp" + System.nanoTime() + ":";
        String general = "nscg" + System.nanoTime() + ":";
        Item first = Item.builder(Key.of("p", "a")).put("n", 1).put("s", "text").build();
        Item expiring = Expiry.at(Item.builder(Key.of("q", "b")).put("flag", true).build(), LATER);
        Item second = Item.builder(Key.of("p", "a")).put("n", 2).build();
        Item third = Item.builder(Key.of("p", "a")).put("n", 3).put("t", "more").build();
        List<Write.Put> puts = List.of(Write.put("t", first).when(Condition.ifAbsent()),
                Write.put("t", expiring).when(Condition.ifAbsent()),
                Write.put("t", second).when(Condition.ifExists()),
                Write.put("t", third).when(Condition.attributeEquals("n", Value.of(2))));
        try (Store a = store(checked); Store b = store(general);
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            a.createTable(TableSpec.named("t"));
            b.createTable(TableSpec.named("t"));
            // the server loads each script on its first call: two round trips more
            Item loads = Item.builder(Key.of("p", "load")).build();
            a.put("t", loads, Condition.ifAbsent());
            b.writeAtomically(List.of(Write.put("t", loads).when(Condition.ifAbsent())));
            for (Write.Put put : puts) {
                CostTally tally = a.measure(() -> a.put(put.table(), put.item(), put.condition()));
                assertEquals(1, tally.roundTrips(), "one script call per put: " + tally);
                // several writes at once always go through the general script
                b.writeAtomically(List.of(put));
            }
            for (Item item : List.of(third, expiring)) {
                Key key = item.key();
                String hash = "{t:" + key.partition() + "}i" + key.sort();
                assertEquals(fields(admin, general + hash), fields(admin, checked + hash), hash);
                assertEquals(admin.pttl(general + hash) > 0, admin.pttl(checked + hash) > 0, "expiry of " + hash);
                assertEquals(item, a.get("t", key).orElseThrow());
            }
            for (String set : List.of("{t:p}z", "{t:q}z", "{t}p")) {
                assertEquals(admin.zrange(general + set, 0, -1), admin.zrange(checked + set, 0, -1), set);
            }
            assertTrue(admin.pttl(checked + "{t:q}ib") > 0, "the expiring item's hash expires");
            ConditionFailedException e = assertThrows(ConditionFailedException.class,
                    () -> a.put("t", first, Condition.ifAbsent()));
            assertEquals(java.util.Optional.of(Key.of("p", "a")), e.key());
            assertThrows(ConditionFailedException.class,
                    () -> a.put("t", Item.builder(Key.of("p", "zz")).build(), Condition.ifExists()));
            assertThrows(ConditionFailedException.class,
                    () -> a.put("t", first, Condition.attributeEquals("n", Value.of(2))));
            assertEquals(third, a.get("t", Key.of("p", "a")).orElseThrow(), "a failed put changes nothing");
            assertTrue(a.get("t", Key.of("p", "zz")).isEmpty());
            java.util.Set<String> markers = admin.keys(checked + "{t:*}r*");
            assertEquals(puts.size() + 1, markers.size(), "only applied calls keep their markers: " + markers);
            markers.forEach(m -> assertTrue(admin.pttl(m) > 0, "the marker expires: " + m));
            a.dropTable("t");
            b.dropTable("t");
        }
    }

    @Test
    void aPutSentAgainWithItsMarkerIsAppliedOnceAndAFailedOneLeavesNoMarker() {
        String prefix = "nscm" + System.nanoTime() + ":";
        Keys keys = new Keys(prefix);
        try (Store store = store(prefix); Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.named("t"));
            byte[] marker = keys.requestToken("t", "p");
            List<byte[]> callKeys = List.of(keys.item("t", "p", "a"), keys.sortKeys("t", "p"), keys.partitions("t"), marker);
            assertEquals(0L, putIfAbsent(callKeys, 1), "applied");
            byte[] version = admin.hget(keys.item("t", "p", "a"), ItemHash.VERSION);
            assertEquals(0L, putIfAbsent(callKeys, 2), "sent again: reported applied, not as failing its condition");
            assertArrayEquals(version, admin.hget(keys.item("t", "p", "a"), ItemHash.VERSION), "and not applied again");
            assertEquals(Value.of(1), ValueCodec.decode(admin.hget(keys.item("t", "p", "a"), utf8("n"))));
            assertTrue(admin.pttl(marker) > 0, "the marker expires");

            byte[] other = keys.requestToken("t", "p");
            List<byte[]> refused = List.of(callKeys.get(0), callKeys.get(1), callKeys.get(2), other);
            assertEquals(1L, putIfAbsent(refused, 3), "the item exists");
            assertFalse(admin.exists(other), "a call that changed nothing leaves no marker");
            store.dropTable("t");
        }
    }

    @Test
    void anAddSentAgainWithItsMarkerAddsOnceAndAFailedOneLeavesNoMarker() {
        String prefix = "nscn" + System.nanoTime() + ":";
        Keys keys = new Keys(prefix);
        try (Store store = store(prefix); Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.named("t"));
            byte[] marker = keys.requestToken("t", "p");
            List<byte[]> callKeys = List.of(keys.item("t", "p", "c"), keys.sortKeys("t", "p"), keys.partitions("t"), marker);
            assertEquals(Map.of("n", Value.of(5)), add(callKeys, "", 5));
            assertEquals(Map.of("n", Value.of(5)), add(callKeys, "", 5), "sent again: the item as it is, not added twice");
            assertEquals(Map.of("n", Value.of(12)), add(List.of(callKeys.get(0), callKeys.get(1), callKeys.get(2),
                    keys.requestToken("t", "p")), "E", 7), "another call adds");
            byte[] refused = keys.requestToken("t", "p");
            assertEquals(List.of(1L), Script.ADD.run(RedisTestServer.client(), new CostMeter(), List.of(callKeys.get(0),
                    callKeys.get(1), callKeys.get(2), refused), addArgs("A", 1)), "the item exists");
            assertFalse(admin.exists(refused), "a call that changed nothing leaves no marker");
            assertEquals(Value.of(12), store.get("t", Key.of("p", "c")).orElseThrow().attributes().get("n"));
            store.dropTable("t");
        }
    }

    private static long putIfAbsent(List<byte[]> keys, int n) {
        List<byte[]> args = new ArrayList<>(List.of(utf8("A"), new byte[0], new byte[0], utf8("p"), utf8("a"),
                utf8("60000"), new byte[0], ItemHash.VERSION, ItemHash.newVersion(), utf8("n"), ValueCodec.encode(Value.of(n))));
        return (Long) Script.PUT_IF.run(RedisTestServer.client(), new CostMeter(), keys, args);
    }

    /** The attributes of the item {@code add.lua} answered after adding {@code delta} to {@code n}. */
    private static Map<String, Value> add(List<byte[]> keys, String condition, long delta) {
        List<?> reply = (List<?>) Script.ADD.run(RedisTestServer.client(), new CostMeter(), keys, addArgs(condition, delta));
        assertEquals(0L, reply.get(0));
        return ItemHash.fromFlat(Key.of("p", "c"), reply.subList(1, reply.size())).orElseThrow().attributes();
    }

    private static List<byte[]> addArgs(String condition, long delta) {
        return List.of(utf8(condition), new byte[0], new byte[0], utf8("p"), utf8("c"), ItemHash.newVersion(),
                utf8("400000"), utf8("1"), utf8("n"), utf8(Long.toString(delta)), utf8("60000"));
    }

    private static Store store(String prefix) {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The hash's fields and values, the version token's value left out (every write draws a new one). */
    private static Map<String, String> fields(Jedis admin, String key) {
        Map<String, String> out = new TreeMap<>();
        admin.hgetAll(key.getBytes(StandardCharsets.UTF_8)).forEach((name, value) -> {
            boolean version = Arrays.equals(name, ItemHash.VERSION);
            out.put(Arrays.toString(name), version ? "version of " + value.length + " bytes" : Arrays.toString(value));
        });
        return out;
    }
}
