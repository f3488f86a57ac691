package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.CostMeter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * A Lua script of this adapter, called by its SHA-1 with EVALSHA and loaded with SCRIPT LOAD only when
 * the server answers NOSCRIPT (first use, restart, SCRIPT FLUSH, another cluster node). User data only
 * ever travels in KEYS and ARGV.
 */
final class Script {
    static final Script WRITE = load("write.lua");
    static final Script RANGE = load("range.lua");
    static final Script SCAN = load("scan.lua");
    static final Script LIST = load("list.lua");
    static final Script DROP = load("drop.lua");
    static final Script GEO = load("geo.lua");
    static final Script GEO_SCAN = load("geoscan.lua");
    static final Script ADD = load("add.lua");
    static final Script FOLLOW = load("follow.lua");
    static final Script PUT_IF = load("putif.lua");

    private final String name;
    private final byte[] source;
    private final byte[] sha;

    private Script(String name, byte[] source) {
        this.name = name;
        this.source = source;
        this.sha = Keys.utf8(sha1(source));
    }

    /** Runs the script in one round trip, or three when the server must load it first. */
    Object run(UnifiedJedis jedis, CostMeter meter, List<byte[]> keys, List<byte[]> args) {
        meter.roundTrip();
        try {
            return jedis.evalsha(sha, keys, args);
        } catch (JedisNoScriptException e) {
            loadInto(jedis, meter, keys.get(0));
            meter.roundTrip();
            return jedis.evalsha(sha, keys, args);
        }
    }

    /**
     * Runs the script, then WAITs on the same connection for the replicas {@code wait} requires; without a
     * wait, as {@link #run(UnifiedJedis, CostMeter, List, List)}. Fewer acknowledging replicas fail the call
     * (see {@link ReplicaWait#check}).
     */
    Object run(UnifiedJedis jedis, CostMeter meter, List<byte[]> keys, List<byte[]> args, ReplicaWait wait,
               String table, dev.nosqlpatterns.item.Key key) {
        if (!wait.on()) {
            return run(jedis, meter, keys, args);
        }
        for (int attempt = 0; ; attempt++) {
            meter.roundTrip();
            Response<Object> reply;
            Response<Long> acknowledged;
            try (AbstractPipeline p = jedis.pipelined()) {
                reply = queue(p, keys, args);
                acknowledged = p.waitReplicas(keys.get(0), wait.replicas(), wait.timeoutMs());
            }
            Object result;
            try {
                result = reply.get();
            } catch (JedisNoScriptException e) {
                if (attempt > 0) {
                    throw e;
                }
                loadInto(jedis, meter, keys.get(0));
                continue;
            } catch (IllegalStateException e) {
                throw new Pipelines.NoReply();
            }
            long acks;
            try {
                acks = acknowledged.get();
            } catch (IllegalStateException e) {
                throw new Pipelines.NoReply();
            }
            wait.check(acks, table, key);
            return result;
        }
    }

    /** Queues a call in a pipeline; a NOSCRIPT answer is for the caller to retry after {@link #loadInto}. */
    Response<Object> queue(AbstractPipeline pipeline, List<byte[]> keys, List<byte[]> args) {
        return pipeline.evalsha(sha, keys, args);
    }

    /** Loads the script on the node that serves {@code sampleKey}. */
    void loadInto(UnifiedJedis jedis, CostMeter meter, byte[] sampleKey) {
        meter.roundTrip();
        jedis.scriptLoad(source, sampleKey);
    }

    @Override
    public String toString() {
        return name;
    }

    private static Script load(String name) {
        try (InputStream in = Script.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("script " + name + " is missing from the class path");
            }
            return new Script(name, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read script " + name, e);
        }
    }

    private static String sha1(byte[] source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available", e);
        }
    }
}
