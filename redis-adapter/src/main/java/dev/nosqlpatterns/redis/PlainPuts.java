package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Unconditional puts to tables without indexes on a single server, written as MULTI/EXEC transactions sent
 * in one pipeline instead of calls of {@code write.lua}. Such a put needs nothing read first: its hash is
 * replaced (DEL, HSET with a fresh version token, PEXPIREAT when it expires) and its sort key and partition
 * join their sets, exactly what the script does for it. A transaction runs as one unit, as a script does,
 * but the server spends no time interpreting the script's general write protocol (conditions, versions,
 * index entries), which is most of an unconditional put's cost on Redis. Sending it again after a lost
 * reply is harmless: the same put lands twice.
 */
final class PlainPuts {
    /** Puts per transaction: enough to share its cost, few enough not to block the server long. */
    static final int PER_TRANSACTION = 100;
    private static final byte[][] NO_ARGS = new byte[0][];
    private static final byte[] ZERO = Keys.utf8("0");

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final ReplicaWait wait;

    /** Puts per pipeline, each pipeline one round trip. */
    private final int perPipeline;

    PlainPuts(UnifiedJedis jedis, Keys keys, ReplicaWait wait, int perPipeline) {
        this.perPipeline = perPipeline;
        this.jedis = jedis;
        this.keys = keys;
        this.wait = wait;
    }

    /** True when every write is a put without a condition: the only writes this class takes. */
    static boolean onlyUnconditionalPuts(List<? extends Write> writes) {
        for (Write w : writes) {
            if (!(w instanceof Write.Put) || !(w.condition() instanceof Condition.None)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes the puts, in transactions of at most {@link #PER_TRANSACTION} and pipelines of at most the
     * backend's {@code maxInFlight} puts; each item's hash and set members
     * change together. Fails with the server's error when a command of a transaction failed (a key of
     * another type than the layout's, which only a foreign writer makes).
     */
    void write(List<Write.Put> puts, CostMeter meter) {
        for (int from = 0; from < puts.size(); from += perPipeline) {
            List<Write.Put> slice = puts.subList(from, Math.min(from + perPipeline, puts.size()));
            // every command is built before the first is sent: a failure while building must not leave a
            // pooled connection inside a MULTI that no EXEC closes
            List<List<Command>> transactions = new ArrayList<>();
            for (int t = 0; t < slice.size(); t += PER_TRANSACTION) {
                transactions.add(transaction(slice.subList(t, Math.min(t + PER_TRANSACTION, slice.size()))));
            }
            meter.roundTrip();
            List<Response<Object>> execs = new ArrayList<>();
            List<Response<Long>> acknowledged = new ArrayList<>();
            try (AbstractPipeline p = jedis.pipelined()) {
                for (List<Command> transaction : transactions) {
                    p.sendCommand(Protocol.Command.MULTI, NO_ARGS);
                    for (Command c : transaction) {
                        p.sendCommand(c.name(), c.args());
                    }
                    execs.add(p.sendCommand(Protocol.Command.EXEC, NO_ARGS));
                    if (wait.on()) {
                        acknowledged.add(p.waitReplicas(transaction.get(0).args()[0], wait.replicas(), wait.timeoutMs()));
                    }
                }
            }
            for (int i = 0; i < execs.size(); i++) {
                executed(execs.get(i));
                if (wait.on()) {
                    Write.Put put = slice.get(i * PER_TRANSACTION);
                    wait.check(acknowledged.get(i).get(), put.table(), put.key());
                }
            }
        }
    }

    /** One command of a transaction. */
    private record Command(Protocol.Command name, byte[]... args) {
    }

    /** The commands between MULTI and EXEC that write {@code batch}; the first names an item's hash. */
    private List<Command> transaction(List<Write.Put> batch) {
        List<Command> out = new ArrayList<>(3 * batch.size() + 2);
        for (Write.Put put : batch) {
            hash(out, put);
        }
        if (batch.size() == 1) {
            Write.Put put = batch.get(0);
            Key key = put.key();
            out.add(new Command(Protocol.Command.ZADD, keys.sortKeys(put.table(), key.partition()), ZERO, Keys.utf8(key.sort())));
            out.add(new Command(Protocol.Command.ZADD, keys.partitions(put.table()), ZERO, Keys.utf8(key.partition())));
        } else {
            Map<String, Set<String>> sortKeys = new LinkedHashMap<>();
            Map<String, Set<String>> partitions = new LinkedHashMap<>();
            for (Write.Put put : batch) {
                Key key = put.key();
                sortKeys.computeIfAbsent(put.table() + '\u0000' + key.partition(), k -> new LinkedHashSet<>()).add(key.sort());
                partitions.computeIfAbsent(put.table(), k -> new LinkedHashSet<>()).add(key.partition());
            }
            sortKeys.forEach((tableAndPartition, members) -> {
                int cut = tableAndPartition.indexOf('\u0000');
                out.add(zadd(keys.sortKeys(tableAndPartition.substring(0, cut), tableAndPartition.substring(cut + 1)), members));
            });
            partitions.forEach((table, members) -> out.add(zadd(keys.partitions(table), members)));
        }
        return out;
    }

    /** Replaces the item's hash: DEL, then HSET of the version token and attributes, then its expiry. */
    private void hash(List<Command> out, Write.Put put) {
        Item item = put.item();
        Key key = item.key();
        byte[] hash = keys.item(put.table(), key.partition(), key.sort());
        out.add(new Command(Protocol.Command.DEL, hash));
        Long expiresAt = Expiry.millis(item).orElse(null);
        byte[][] args = new byte[3 + 2 * item.attributes().size() + (expiresAt == null ? 0 : 2)][];
        args[0] = hash;
        args[1] = ItemHash.VERSION;
        args[2] = ItemHash.newVersion();
        int at = ItemHash.fields(item, args, 3);
        if (expiresAt != null) {
            args[at] = ItemHash.EXPIRY;
            args[at + 1] = Keys.utf8(Long.toString(expiresAt));
        }
        out.add(new Command(Protocol.Command.HSET, args));
        if (expiresAt != null) {
            out.add(new Command(Protocol.Command.PEXPIREAT, hash, args[at + 1]));
        }
    }

    private static Command zadd(byte[] set, Set<String> members) {
        byte[][] args = new byte[1 + 2 * members.size()][];
        args[0] = set;
        int at = 1;
        for (String m : members) {
            args[at++] = ZERO;
            args[at++] = Keys.utf8(m);
        }
        return new Command(Protocol.Command.ZADD, args);
    }

    /** EXEC answers the list of its commands' replies; a command that failed inside it is one of them. */
    private static void executed(Response<Object> exec) {
        Object reply = exec.get();
        if (!(reply instanceof List<?> replies)) {
            throw new JedisDataException("the transaction was not executed: " + reply);
        }
        for (Object r : replies) {
            if (r instanceof JedisDataException e) {
                throw e;
            }
        }
    }
}
