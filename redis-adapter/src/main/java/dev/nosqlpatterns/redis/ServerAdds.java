package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import redis.clients.jedis.UnifiedJedis;

/**
 * Counter updates in one round trip: an update that only adds integers, to an item of a table without
 * indexes, runs {@code add.lua}, which checks the condition and adds in place when the result is exactly
 * what {@code Updates.apply} gives (see the script). When it is not, the script changes nothing and the
 * caller goes the general way: read, apply here, compare-and-set. The general way costs two round trips;
 * counters are the updates that are sent most often.
 */
final class ServerAdds {
    /** Integers below 2^53 in magnitude are exact in the script's numbers. */
    private static final BigDecimal LIMIT = BigDecimal.valueOf(1L << 53);

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final boolean cluster;
    private final Limits limits;
    private final ReplicaWait wait;

    ServerAdds(UnifiedJedis jedis, Keys keys, boolean cluster, Limits limits, ReplicaWait wait) {
        this.jedis = jedis;
        this.keys = keys;
        this.cluster = cluster;
        this.limits = limits;
        this.wait = wait;
    }

    /** Whether {@code u} only adds integers the script can add exactly; indexes are the caller's to rule out. */
    static boolean applies(Write.Update u) {
        for (UpdateAction a : u.actions()) {
            if (!(a instanceof UpdateAction.Add add)) {
                return false;
            }
            BigDecimal d = add.delta();
            if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0 || d.abs().compareTo(LIMIT) >= 0) {
                return false;
            }
        }
        return !u.actions().isEmpty();
    }

    /**
     * Runs the adds of {@code u}, which {@link #applies}; returns the item afterwards, or empty when the
     * caller must apply the update itself (nothing was written). In a cluster the caller has registered the
     * partition already.
     */
    Optional<Item> run(Write.Update u, CostMeter meter) {
        String table = u.table();
        WriteArgs.Check check = WriteArgs.Check.of(u.condition());
        byte[] sortKeys = keys.sortKeys(table, u.key().partition());
        List<byte[]> keyList = List.of(keys.item(table, u.key().partition(), u.key().sort()), sortKeys,
                cluster ? sortKeys : keys.partitions(table), keys.requestToken(table, u.key().partition()));
        List<byte[]> args = new ArrayList<>(8 + 2 * u.actions().size());
        args.add(Keys.utf8(check.type()));
        args.add(check.field());
        args.add(check.value());
        args.add(cluster ? new byte[0] : Keys.utf8(u.key().partition()));
        args.add(Keys.utf8(u.key().sort()));
        args.add(ItemHash.newVersion());
        long budget = (long) limits.maxItemBytes() - Utf8Order.utf8Length(u.key().partition())
                - Utf8Order.utf8Length(u.key().sort());
        args.add(RangeReads.num(budget));
        args.add(RangeReads.num(u.actions().size()));
        for (UpdateAction a : u.actions()) {
            args.add(Keys.utf8(a.attribute()));
            args.add(RangeReads.num(((UpdateAction.Add) a).delta().longValueExact()));
        }
        args.add(RangeReads.num(RedisBackend.TOKEN_TTL_MS));
        // The request token makes sending the call again harmless: the script adds once.
        List<?> reply = (List<?>) Failures.retrying(table, u.key(),
                () -> Script.ADD.run(jedis, meter, keyList, args, wait, table, u.key()));
        long outcome = (Long) reply.get(0);
        if (outcome == 1) {
            throw new ConditionFailedException(table, u.key(), u.condition(), -1);
        }
        if (outcome == 2) {
            return Optional.empty();
        }
        return ItemHash.fromFlat(u.key(), reply.subList(1, reply.size()));
    }
}
