package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.LinkedReads;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;

/**
 * Linked reads by {@code follow.lua}: the script walks the links inside the server, so a whole subtree of
 * an adjacency list takes one round trip. Every key it reads carries the partition's hash tag, so it runs
 * on a cluster too. One call reads at most {@value #BUDGET} items and stops after the item that brings its
 * reply to {@value #BYTE_BUDGET} bytes, handing back the sort keys it has not read yet; the next call
 * starts from those.
 */
final class RedisLinkedReads implements LinkedReads {
    /** Items one script call reads at most, to keep the server's other clients from waiting long. */
    static final int BUDGET = 2_000;
    /** Bytes of hashes one script call reads at most (past the item that reaches it), to bound its reply. */
    static final int BYTE_BUDGET = 4 * 1024 * 1024;
    private final UnifiedJedis jedis;
    private final Keys keys;

    RedisLinkedReads(UnifiedJedis jedis, Keys keys) {
        this.jedis = jedis;
        this.keys = keys;
    }

    @Override
    public List<Item> follow(LinkedRead read, CostMeter meter) {
        List<byte[]> setKeys = List.of(keys.itemPrefix(read.table(), read.partition()));
        Map<String, Item> found = new LinkedHashMap<>();
        List<byte[]> pending = new ArrayList<>();
        for (String sort : read.start()) {
            pending.add(Keys.utf8(sort));
            pending.add(Keys.utf8("0"));
        }
        while (!pending.isEmpty()) {
            List<byte[]> args = new ArrayList<>(5 + pending.size());
            args.add(Keys.utf8(read.links()));
            args.add(Keys.utf8(read.targetPrefix()));
            args.add(Keys.utf8(Integer.toString(read.maxDepth())));
            args.add(Keys.utf8(Integer.toString(BUDGET)));
            args.add(Keys.utf8(Integer.toString(BYTE_BUDGET)));
            args.addAll(pending);
            List<?> reply = MsgPack.reply(Failures.guard(read.table(), null, () -> Script.FOLLOW.run(jedis, meter, setKeys, args)));
            pending = new ArrayList<>();
            int i = 0;
            while (true) {
                byte[] sortBytes = (byte[]) reply.get(i);
                if (sortBytes.length == 0) {
                    i++;
                    break;
                }
                String sort = new String(sortBytes, StandardCharsets.UTF_8);
                int entries = ((Long) reply.get(i + 1)).intValue();
                Key key = Key.of(read.partition(), sort);
                List<?> flat = reply.subList(i + 2, i + 2 + entries);
                if (!found.containsKey(sort)) {
                    ItemHash.fromFlat(key, flat).ifPresent(item -> found.put(sort, item));
                }
                i += 2 + entries;
            }
            for (; i + 1 < reply.size(); i += 2) {
                byte[] sort = (byte[]) reply.get(i);
                if (!found.containsKey(new String(sort, StandardCharsets.UTF_8))) {
                    pending.add(sort);
                    pending.add(Keys.utf8(Long.toString((Long) reply.get(i + 1))));
                }
            }
        }
        return new ArrayList<>(found.values());
    }
}
