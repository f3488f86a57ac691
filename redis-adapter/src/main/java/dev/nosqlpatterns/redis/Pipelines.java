package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/**
 * Many commands sent in pipelines of at most {@code size} commands (the backend's {@code maxInFlight}), one
 * pipeline after another, each pipeline one round trip waited for, or for {@link #together} one per command,
 * all of a pipeline awaited together. Script calls the server answers NOSCRIPT for were not run, so they are
 * sent again after loading the script.
 */
final class Pipelines {
    private static final int MAX_RELOADS = 16;

    private Pipelines() {
    }

    /** One script call: its KEYS and ARGV. */
    record Call(List<byte[]> keys, List<byte[]> args) {
    }

    /** Runs every call; returns the replies in order. A failed call throws once all were sent. */
    static List<Object> scripts(UnifiedJedis jedis, int size, Script script, List<Call> calls, CostMeter meter) {
        return scripts(jedis, size, script, calls, meter, ReplicaWait.NONE);
    }

    /**
     * As {@link #scripts(UnifiedJedis, int, Script, List, CostMeter)}, each call followed in its pipeline by a WAIT
     * on its node when {@code wait} is on; too few acknowledging replicas fail the batch once all was sent.
     */
    static List<Object> scripts(UnifiedJedis jedis, int size, Script script, List<Call> calls, CostMeter meter,
                                ReplicaWait wait) {
        Object[] replies = run(jedis, size, script, calls, meter, sent -> meter.roundTrip(), wait);
        for (Object reply : replies) {
            if (reply instanceof RuntimeException e) {
                throw e;
            }
        }
        return List.of(replies);
    }

    /**
     * Runs every call, each counted as a round trip of its own, all of a pipeline awaited together
     * ({@link CostMeter#concurrentRoundTrips}), so that the wait is one round trip per pipeline. Returns per call its reply or the exception it failed with;
     * once a call failed, calls the server answered NOSCRIPT are not sent again and their place is null.
     * An exception of the whole pipeline (a broken connection) is thrown.
     */
    static Object[] together(UnifiedJedis jedis, int size, Script script, List<Call> calls, CostMeter meter) {
        return run(jedis, size, script, calls, meter, meter::concurrentRoundTrips, ReplicaWait.NONE);
    }

    /**
     * Whether a call's failure in {@link #together} is the pipeline's, not the call's: its slot moved
     * (MOVED, ASK; a cluster pipeline does not follow redirects) or its node gave no answer. Sent alone, the
     * call gets the redirects and retries of the client.
     */
    static boolean undelivered(Object reply) {
        return reply instanceof JedisRedirectionException || reply instanceof NoReply;
    }

    /**
     * The place of a call whose node gave no reply: a cluster pipeline logs a node's broken connection and
     * leaves its calls unanswered.
     */
    static final class NoReply extends JedisConnectionException {
        NoReply() {
            super("the node serving this key gave no reply in the pipeline");
        }
    }

    /** Sends the calls in pipelines of at most {@code size}, telling {@code sent} the calls of each. */
    private static Object[] run(UnifiedJedis jedis, int size, Script script, List<Call> calls, CostMeter meter, LongConsumer sent,
                                ReplicaWait wait) {
        Object[] replies = new Object[calls.size()];
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            pending.add(i);
        }
        for (int round = 0; !pending.isEmpty(); round++) {
            List<Integer> noScript = new ArrayList<>();
            boolean failed = false;
            for (int from = 0; from < pending.size(); from += size) {
                List<Integer> slice = pending.subList(from, Math.min(from + size, pending.size()));
                List<Response<Object>> responses = new ArrayList<>(slice.size());
                List<Response<Long>> acknowledged = new ArrayList<>();
                sent.accept(slice.size());
                // Closing syncs the pipeline; a cluster pipeline synced before as well would wait on its nodes twice.
                // Its wait swallows an interrupt, and fails at once when the flag is set: the flag is kept aside.
                boolean interrupted = Thread.interrupted();
                try (AbstractPipeline p = jedis.pipelined()) {
                    for (int i : slice) {
                        responses.add(script.queue(p, calls.get(i).keys(), calls.get(i).args()));
                        if (wait.on()) {
                            acknowledged.add(p.waitReplicas(calls.get(i).keys().get(0), wait.replicas(), wait.timeoutMs()));
                        }
                    }
                } finally {
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                }
                for (int j = 0; j < slice.size(); j++) {
                    try {
                        replies[slice.get(j)] = responses.get(j).get();
                    } catch (JedisNoScriptException e) {
                        noScript.add(slice.get(j));
                    } catch (IllegalStateException e) {
                        replies[slice.get(j)] = new NoReply();
                        failed = true;
                    } catch (RuntimeException e) {
                        replies[slice.get(j)] = e;
                        failed = true;
                    }
                    if (!acknowledged.isEmpty() && !failed && replies[slice.get(j)] != null) {
                        try {
                            wait.check(acknowledged.get(j).get(), null, null);
                        } catch (IllegalStateException e) {
                            replies[slice.get(j)] = new NoReply();
                            failed = true;
                        } catch (RuntimeException e) {
                            replies[slice.get(j)] = e;
                            failed = true;
                        }
                    }
                }
            }
            if (failed) {
                break;
            }
            if (!noScript.isEmpty()) {
                if (round == MAX_RELOADS) {
                    throw new JedisNoScriptException("the server keeps forgetting script " + script);
                }
                script.loadInto(jedis, meter, calls.get(noScript.get(0)).keys().get(0));
            }
            pending = noScript;
        }
        return replies;
    }

    /** HGETALL of every key, in order. */
    static List<Map<byte[], byte[]>> hashes(UnifiedJedis jedis, int size, List<byte[]> keys, CostMeter meter) {
        List<Map<byte[], byte[]>> out = new ArrayList<>(keys.size());
        for (int from = 0; from < keys.size(); from += size) {
            List<byte[]> slice = keys.subList(from, Math.min(from + size, keys.size()));
            List<Response<Map<byte[], byte[]>>> responses = new ArrayList<>(slice.size());
            meter.roundTrip();
            try (AbstractPipeline p = jedis.pipelined()) {
                for (byte[] key : slice) {
                    responses.add(p.hgetAll(key));
                }
                p.sync();
            }
            responses.forEach(r -> out.add(r.get()));
        }
        return out;
    }

    /** ZADD score 0 of one member per key, in order: a round trip per {@code size} members. */
    static void addMembers(UnifiedJedis jedis, int size, List<byte[][]> keyAndMember, CostMeter meter) {
        for (int from = 0; from < keyAndMember.size(); from += size) {
            List<byte[][]> slice = keyAndMember.subList(from, Math.min(from + size, keyAndMember.size()));
            List<Response<Long>> responses = new ArrayList<>(slice.size());
            meter.roundTrip();
            try (AbstractPipeline p = jedis.pipelined()) {
                for (byte[][] km : slice) {
                    responses.add(p.zadd(km[0], 0, km[1]));
                }
                p.sync();
            }
            responses.forEach(Response::get);
        }
    }
}
