package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * A single put with a condition on the item (absent, exists, an attribute equal to a value) to a table
 * without indexes, in one call of {@code putif.lua} instead of the general {@code write.lua}: the same
 * check and the same changes (hash, sort-key set, partition registry, request marker), without the general
 * protocol's write list, versions and index entries, which the server would otherwise interpret for every
 * conditional put.
 */
final class CheckedPuts {
    /** Attributes of the largest item the script takes: its fields travel unpacked onto Lua's stack. */
    static final int MAX_ATTRIBUTES = 1000;
    private static final byte[] NONE = new byte[0];

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final boolean cluster;
    private final ReplicaWait wait;

    CheckedPuts(UnifiedJedis jedis, Keys keys, boolean cluster, ReplicaWait wait) {
        this.jedis = jedis;
        this.keys = keys;
        this.cluster = cluster;
        this.wait = wait;
    }

    /** Whether the script takes {@code put}; indexes are the caller's to rule out. */
    static boolean takes(Write.Put put) {
        Condition c = put.condition();
        return (c instanceof Condition.Absent || c instanceof Condition.Exists || c instanceof Condition.AttributeEquals)
                && put.item().attributes().size() <= MAX_ATTRIBUTES;
    }

    /**
     * Writes {@code put} if its condition holds; returns whether it did. Sent again on failures that may
     * pass: the request marker makes a call whose reply was lost count once. In a cluster the caller has
     * registered the partition already.
     */
    boolean write(Write.Put put, CostMeter meter) {
        String table = put.table();
        Item item = put.item();
        Key key = item.key();
        byte[] sortKeys = keys.sortKeys(table, key.partition());
        List<byte[]> keyList = List.of(keys.item(table, key.partition(), key.sort()), sortKeys,
                cluster ? sortKeys : keys.partitions(table), keys.requestToken(table, key.partition()));
        WriteArgs.Check check = WriteArgs.Check.of(put.condition());
        Long expiresAt = Expiry.millis(item).orElse(null);
        byte[] expiry = expiresAt == null ? NONE : Keys.utf8(Long.toString(expiresAt));
        List<byte[]> args = new ArrayList<>(11 + 2 * item.attributes().size());
        args.add(Keys.utf8(check.type()));
        args.add(check.field());
        args.add(check.value());
        args.add(cluster ? NONE : Keys.utf8(key.partition()));
        args.add(Keys.utf8(key.sort()));
        args.add(RangeReads.num(RedisBackend.TOKEN_TTL_MS));
        args.add(expiry);
        args.add(ItemHash.VERSION);
        args.add(ItemHash.newVersion());
        args.addAll(ItemHash.fields(item));
        if (expiresAt != null) {
            args.add(ItemHash.EXPIRY);
            args.add(expiry);
        }
        Object reply = Failures.retrying(table, key, () -> Script.PUT_IF.run(jedis, meter, keyList, args, wait, table, key));
        return (Long) reply == 0L;
    }
}
