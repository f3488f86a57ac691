package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/** The key layout: hash tags, escaping, and items whose hashes are empty or very wide. */
class RedisLayoutTest {

    @Test
    void everyKeyOfAPartitionSharesOneClusterSlot() {
        Keys keys = new Keys("app:");
        String partition = "a}b{c%7D";
        byte[] item = keys.item("t", partition, "s}1");
        assertArrayEquals(Keys.utf8("app:{t:a%7Db{c%257D}is}1"), item);
        int slot = JedisClusterCRC16.getSlot(item);
        assertEquals(slot, JedisClusterCRC16.getSlot(keys.sortKeys("t", partition)));
        assertEquals(JedisClusterCRC16.getSlot("t:a%7Db{c%257D"), slot);
        assertEquals(JedisClusterCRC16.getSlot(keys.partitions("t")), JedisClusterCRC16.getSlot(keys.index("t", "i")));
        assertEquals(JedisClusterCRC16.getSlot(keys.geo("g}")), JedisClusterCRC16.getSlot(keys.geoCoordinates("g}")));
    }

    @Test
    void itemsWithoutAttributesAndWithHundredsOfThemRoundTrip() {
        String prefix = "nspl" + System.nanoTime() + ":";
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            store.createTable(TableSpec.named("t"));
            store.put("t", Item.builder("p", "bare").build());
            assertEquals(Item.builder("p", "bare").build(), store.get("t", Key.of("p", "bare")).orElseThrow());
            Item.Builder wide = Item.builder("p", "wide");
            for (int i = 0; i < 700; i++) {
                wide.put("attribute" + i, "value" + i);
            }
            store.writeAtomically(List.of(Write.put("t", wide.build())));
            assertEquals(wide.build(), store.get("t", Key.of("p", "wide")).orElseThrow());
            Item updated = store.update("t", Key.of("p", "wide"), UpdateAction.remove("attribute3"));
            assertEquals(699, updated.attributes().size());
            assertEquals(updated, store.get("t", Key.of("p", "wide")).orElseThrow());
            assertEquals(700, admin.hlen(new Keys(prefix).item("t", "p", "wide")), "699 attributes and the version");
            store.dropTable("t");
            assertEquals(java.util.List.of(), RedisTestServer.keysLeftAfterDrop(admin, prefix + "*"));
        }
    }
}
