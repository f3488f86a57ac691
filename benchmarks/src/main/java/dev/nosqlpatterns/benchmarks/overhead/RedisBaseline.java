package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;

/**
 * The overhead family's operations written with Jedis on the Redis adapter's layout (its {@code Keys} and
 * {@code ItemHash}): an item is the hash {@code <prefix>{table:partition}i<sort>} of its attributes (names
 * in UTF-8, values in {@link ValueCodec} bytes) plus the hidden version field {@code 0xFF 'v'}; the
 * partition's sort keys are the sorted set {@code <prefix>{table:partition}z}, the table's partitions the
 * sorted set {@code <prefix>{table}p}. A put replaces the hash and adds both set members in one MULTI
 * sent as one pipeline (Jedis' own {@code multi()} waits for the MULTI reply: a second round trip);
 * the conditional put and the counter are small Lua scripts; a range read is ZRANGEBYLEX then one
 * pipeline of HGETALL. Single Redis server only (no cluster), like the embedded one.
 */
final class RedisBaseline implements Baseline {
    private static final byte[] VERSION = {(byte) 0xFF, 'v'};
    private static final String PUT_IF_ABSENT = """
            if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
            redis.call('HSET', KEYS[1], unpack(ARGV, 3))
            redis.call('ZADD', KEYS[2], 0, ARGV[1])
            redis.call('ZADD', KEYS[3], 0, ARGV[2])
            return 1""";
    private static final String ADD = """
            local existed = redis.call('EXISTS', KEYS[1])
            local old = redis.call('HGET', KEYS[1], ARGV[1])
            local n = tonumber(ARGV[2])
            if old then
              if string.sub(old, 1, 1) ~= 'N' then return redis.error_reply('not a number') end
              n = n + tonumber(string.sub(old, 2))
            end
            redis.call('HSET', KEYS[1], ARGV[1], 'N' .. string.format('%d', n), '\\255v', ARGV[3])
            if existed == 0 then
              redis.call('ZADD', KEYS[2], 0, ARGV[4])
              redis.call('ZADD', KEYS[3], 0, ARGV[5])
            end
            return n""";

    final JedisPooled jedis;
    private final String prefix;
    final byte[] putIfAbsentSha;
    private final byte[] addSha;

    RedisBaseline(String uri) {
        URI u = URI.create(uri);
        String query = u.getQuery() == null ? "" : u.getQuery();
        String p = "nsp:";
        for (String option : query.split("&")) {
            if (option.startsWith("prefix=")) {
                p = option.substring("prefix=".length());
            }
        }
        this.prefix = p;
        this.jedis = new JedisPooled(u.getHost(), u.getPort());
        this.putIfAbsentSha = utf8(jedis.scriptLoad(PUT_IF_ABSENT));
        this.addSha = utf8(jedis.scriptLoad(ADD));
    }

    byte[] itemKey(String table, String partition, String sort) {
        return utf8(prefix + "{" + table + ":" + escapeTag(partition) + "}i" + sort);
    }

    byte[] sortKeys(String table, String partition) {
        return utf8(prefix + "{" + table + ":" + escapeTag(partition) + "}z");
    }

    byte[] registry(String table) {
        return utf8(prefix + "{" + table + "}p");
    }

    private static String escapeTag(String s) {
        return s.indexOf('%') < 0 && s.indexOf('}') < 0 ? s : s.replace("%", "%25").replace("}", "%7D");
    }

    @Override
    public Optional<Item> get(String table, Key key) {
        return decode(key, jedis.hgetAll(itemKey(table, key.partition(), key.sort())));
    }

    @Override
    public void put(String table, Item item) {
        Key key = item.key();
        byte[] hash = itemKey(table, key.partition(), key.sort());
        Response<Object> exec;
        try (AbstractPipeline p = jedis.pipelined()) {
            p.sendCommand(Protocol.Command.MULTI, new byte[0][]);
            p.del(hash);
            p.hset(hash, fields(item));
            p.zadd(sortKeys(table, key.partition()), 0, utf8(key.sort()));
            p.zadd(registry(table), 0, utf8(key.partition()));
            exec = p.sendCommand(Protocol.Command.EXEC, new byte[0][]);
        }
        executed(exec);
    }

    /** A transaction sent in a pipeline answers EXEC with its commands' replies, or fails. */
    private static void executed(Response<Object> exec) {
        if (!(exec.get() instanceof List<?>)) {
            throw new IllegalStateException("the transaction was not executed: " + exec.get());
        }
    }

    @Override
    public boolean putIfAbsent(String table, Item item) {
        Key key = item.key();
        List<byte[]> args = new ArrayList<>(4 + 2 * item.attributes().size());
        args.add(utf8(key.sort()));
        args.add(utf8(key.partition()));
        fields(item).forEach((name, value) -> {
            args.add(name);
            args.add(value);
        });
        Object reply = jedis.evalsha(putIfAbsentSha, List.of(itemKey(table, key.partition(), key.sort()),
                sortKeys(table, key.partition()), registry(table)), args);
        return ((Long) reply) == 1;
    }

    @Override
    public long add(String table, Key key, String attribute, long delta) {
        Object reply = jedis.evalsha(addSha, List.of(itemKey(table, key.partition(), key.sort()),
                sortKeys(table, key.partition()), registry(table)), List.of(utf8(attribute), utf8(Long.toString(delta)),
                newVersion(), utf8(key.sort()), utf8(key.partition())));
        return (Long) reply;
    }

    @Override
    public List<Item> query(String table, String partition, String from, String to) {
        List<byte[]> members = jedis.zrangeByLex(sortKeys(table, partition), utf8("[" + from), utf8("[" + to));
        List<Response<Map<byte[], byte[]>>> hashes = new ArrayList<>(members.size());
        try (AbstractPipeline p = jedis.pipelined()) {
            for (byte[] m : members) {
                hashes.add(p.hgetAll(itemKey(table, partition, new String(m, StandardCharsets.UTF_8))));
            }
        }
        List<Item> out = new ArrayList<>(members.size());
        for (int i = 0; i < members.size(); i++) {
            decode(Key.of(partition, new String(members.get(i), StandardCharsets.UTF_8)), hashes.get(i).get())
                    .ifPresent(out::add);
        }
        return out;
    }

    @Override
    public void writeBatch(String table, List<Item> items) {
        Map<String, List<byte[]>> byPartition = new LinkedHashMap<>();
        Response<Object> exec;
        try (AbstractPipeline tx = jedis.pipelined()) {
            tx.sendCommand(Protocol.Command.MULTI, new byte[0][]);
            for (Item item : items) {
                byte[] hash = itemKey(table, item.key().partition(), item.key().sort());
                tx.del(hash);
                tx.hset(hash, fields(item));
                byPartition.computeIfAbsent(item.key().partition(), k -> new ArrayList<>()).add(utf8(item.key().sort()));
            }
            byPartition.forEach((partition, sorts) -> {
                Map<byte[], Double> members = new HashMap<>();
                sorts.forEach(s -> members.put(s, 0.0));
                tx.zadd(sortKeys(table, partition), members);
                tx.zadd(registry(table), 0, utf8(partition));
            });
            exec = tx.sendCommand(Protocol.Command.EXEC, new byte[0][]);
        }
        executed(exec);
    }

    static Map<byte[], byte[]> fields(Item item) {
        Map<byte[], byte[]> out = new HashMap<>(item.attributes().size() * 2 + 2);
        out.put(VERSION, newVersion());
        for (Map.Entry<String, Value> e : item.attributes().entrySet()) {
            out.put(utf8(e.getKey()), ValueCodec.encode(e.getValue()));
        }
        return out;
    }

    static Optional<Item> decode(Key key, Map<byte[], byte[]> hash) {
        if (hash == null || hash.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Value> attributes = new HashMap<>(hash.size() * 2);
        hash.forEach((name, value) -> {
            if (name.length == 0 || name[0] != (byte) 0xFF) {
                attributes.put(new String(name, StandardCharsets.UTF_8), ValueCodec.decode(value));
            }
        });
        return Optional.of(new Item(key, attributes));
    }

    private static byte[] newVersion() {
        byte[] token = new byte[12];
        ThreadLocalRandom.current().nextBytes(token);
        return token;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        jedis.close();
    }
}
