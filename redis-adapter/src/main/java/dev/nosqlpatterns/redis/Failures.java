package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** Turns Jedis exceptions into the core's store exceptions, naming the table and key concerned. */
final class Failures {
    /** Error prefixes of a server that is busy, loading, failing over or read-only for now. */
    private static final String[] TRANSIENT = {"LOADING", "BUSY", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN",
            "READONLY", "NOREPLICAS", "MOVED", "ASK"};

    /** Attempts of {@link #retrying}, the first included. */
    static final int ATTEMPTS = 5;
    private static final long PAUSE_MS = 100;

    private Failures() {
    }

    /** Runs {@code body}, translating what Jedis throws. */
    static <T> T guard(String table, Key key, Supplier<T> body) {
        try {
            return call(body);
        } catch (JedisException e) {
            throw translate(e, table, key);
        }
    }

    /**
     * Runs {@code body}; a cluster pipeline whose nodes gave no reply answers "Please close pipeline" when a
     * reply is read: that is a connection failure, reported as one.
     */
    private static <T> T call(Supplier<T> body) {
        try {
            return body.get();
        } catch (IllegalStateException e) {
            if (String.valueOf(e.getMessage()).startsWith("Please close pipeline")) {
                throw new Pipelines.NoReply();
            }
            throw e;
        }
    }

    /**
     * Runs {@code body}, sending it again, at most {@link #ATTEMPTS} times in all with growing pauses (about
     * 1.5 s in all), while it fails in a way that may pass: a refused or broken connection, a slot that moved,
     * a cluster failing over. Only for calls that are safe to repeat: reads, idempotent writes, and script
     * writes that carry a request token (see {@code WriteArgs#token}), which the script applies once.
     */
    static <T> T retrying(String table, Key key, Supplier<T> body) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call(body);
            } catch (JedisException e) {
                if (attempt >= ATTEMPTS || !retryable(e)) {
                    StoreException translated = translate(e, table, key);
                    if (attempt > 1 && translated instanceof StoreUnavailableException) {
                        return rethrow(new StoreUnavailableException(translated.getMessage() + " (after " + attempt
                                + " attempts)", table, key, e));
                    }
                    throw translated;
                }
                try {
                    long pause = PAUSE_MS << (attempt - 1);
                    Thread.sleep(ThreadLocalRandom.current().nextLong(pause / 2, pause + 1));
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw translate(e, table, key);
                }
            }
        }
    }

    private static <T> T rethrow(StoreException e) {
        throw e;
    }

    /** Whether a failure may pass when the call is sent again: the connection, a moved slot, a failover. */
    static boolean retryable(JedisException e) {
        if (e instanceof JedisConnectionException || e instanceof JedisClusterOperationException) {
            return true;
        }
        return e instanceof JedisDataException && isTransient(e.getMessage());
    }

    static void guard(String table, Key key, Runnable body) {
        guard(table, key, () -> {
            body.run();
            return null;
        });
    }

    static StoreException translate(JedisException e, String table, Key key) {
        String where = (table == null ? "" : " (table '" + table + "'" + (key == null ? "" : ", key " + key) + ")");
        if (e instanceof JedisDataException && !isTransient(e.getMessage())) {
            return new StoreException("Redis refused the request" + where + ": " + e.getMessage(), table, key, e);
        }
        if (e instanceof JedisConnectionException || e instanceof JedisClusterOperationException) {
            return new StoreUnavailableException("Redis is unreachable or the connection broke" + where + ": "
                    + e.getMessage(), table, key, e);
        }
        return new StoreUnavailableException("Redis could not serve the request" + where + ": " + e.getMessage(),
                table, key, e);
    }

    private static boolean isTransient(String message) {
        if (message == null) {
            return false;
        }
        for (String prefix : TRANSIENT) {
            if (message.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
