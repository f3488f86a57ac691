package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.model.Footprint;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Redis's own memory accounting for a table: {@code MEMORY USAGE key SAMPLES 0} summed over every key of
 * the table, found with {@code SCAN MATCH} on the table's two key shapes ({@code <prefix>{table:...} and
 * {@code <prefix>{table}...}, see {@link Keys}). A small script does one SCAN page and its MEMORY USAGE
 * calls per round trip. In a cluster (where a script may touch one slot only) every primary node is scanned
 * and the MEMORY USAGE calls of a page are pipelined; replicas are not counted.
 */
final class RedisFootprint implements StorageFootprint {
    private static final byte[] PAGE_SCRIPT = ("local r = redis.call('SCAN', ARGV[1], 'MATCH', ARGV[2], 'COUNT', ARGV[3])\n"
            + "local sum = 0\n"
            + "for _, k in ipairs(r[2]) do sum = sum + (redis.call('MEMORY', 'USAGE', k, 'SAMPLES', '0') or 0) end\n"
            + "return {r[1], sum}").getBytes(StandardCharsets.UTF_8);
    private static final byte[] PAGE = Keys.utf8("1000");
    private static final byte[] START = Keys.utf8("0");

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final Predicate<String> known;

    /** {@code known} tells the tables this client declared; a cluster client must be a {@link JedisCluster}. */
    RedisFootprint(UnifiedJedis jedis, Keys keys, Predicate<String> known) {
        this.jedis = jedis;
        this.keys = keys;
        this.known = known;
    }

    @Override
    public Footprint footprint(String table, CostMeter meter) {
        meter.roundTrip();
        TableSpec.checkName(table);
        if (!known.test(table)) {
            throw new TableNotFoundException(table);
        }
        String prefix = RangeReads.utf8(keys.prefix());
        List<byte[]> patterns = List.of(pattern(prefix, "{" + table + ":"), pattern(prefix, "{" + table + "}"));
        long bytes = 0;
        try {
            if (jedis instanceof JedisCluster cluster) {
                for (Map.Entry<String, ConnectionPool> node : cluster.getClusterNodes().entrySet()) {
                    try (Jedis j = new Jedis(node.getValue().getResource())) {
                        if (primary(j)) {
                            bytes += sumOnNode(j, patterns);
                        }
                    }
                }
            } else {
                bytes = sum(patterns, (script, args) -> jedis.eval(script, 0, args));
            }
        } catch (JedisException e) {
            throw new StoreUnavailableException("Redis failed to measure table '" + table + "': " + e.getMessage(),
                    table, null, e);
        }
        return new Footprint(table, bytes, "Redis MEMORY USAGE (SAMPLES 0) summed over the table's keys, found by SCAN"
                + " MATCH on their prefix", Footprint.Accuracy.EXACT, false);
    }

    private static long sum(List<byte[]> patterns, Eval eval) {
        long total = 0;
        for (byte[] pattern : patterns) {
            byte[] cursor = START;
            do {
                List<?> reply = (List<?>) eval.run(PAGE_SCRIPT, new byte[][] {cursor, pattern, PAGE});
                cursor = (byte[]) reply.get(0);
                total += (Long) reply.get(1);
            } while (!(cursor.length == 1 && cursor[0] == '0'));
        }
        return total;
    }

    private static long sumOnNode(Jedis j, List<byte[]> patterns) {
        long total = 0;
        for (byte[] pattern : patterns) {
            ScanParams params = new ScanParams().match(pattern).count(1000);
            byte[] cursor = START;
            do {
                ScanResult<byte[]> page = j.scan(cursor, params);
                Pipeline pipeline = j.pipelined();
                List<Response<Object>> sizes = new ArrayList<>();
                for (byte[] key : page.getResult()) {
                    sizes.add(pipeline.sendCommand(Protocol.Command.MEMORY, Keys.utf8("USAGE"), key,
                            Keys.utf8("SAMPLES"), START));
                }
                pipeline.sync();
                for (Response<Object> size : sizes) {
                    total += size.get() instanceof Long n ? n : 0;
                }
                cursor = page.getCursorAsBytes();
            } while (!(cursor.length == 1 && cursor[0] == '0'));
        }
        return total;
    }

    private static boolean primary(Jedis j) {
        List<Object> role = j.role();
        Object first = role.isEmpty() ? "" : role.get(0);
        String name = first instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(first);
        return "master".equals(name);
    }

    /** A SCAN MATCH pattern for keys starting with {@code prefix + start}, glob characters escaped. */
    static byte[] pattern(String prefix, String start) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : Keys.utf8(prefix + start)) {
            if (b == '*' || b == '?' || b == '[' || b == ']' || b == '\\') {
                out.write('\\');
            }
            out.write(b);
        }
        out.write('*');
        return out.toByteArray();
    }

    @FunctionalInterface
    private interface Eval {
        Object run(byte[] script, byte[][] args);
    }
}
