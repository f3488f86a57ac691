package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import java.util.function.Supplier;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** Turns Jedis exceptions into the core's store exceptions, naming the table and key concerned. */
final class Errors {
    /** Error prefixes of a server that is busy, loading, failing over or read-only for now. */
    private static final String[] TRANSIENT = {"LOADING", "BUSY", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN",
            "READONLY", "NOREPLICAS", "MOVED", "ASK"};

    private Errors() {
    }

    /** Runs {@code body}, translating what Jedis throws. */
    static <T> T guard(String table, Key key, Supplier<T> body) {
        try {
            return body.get();
        } catch (JedisException e) {
            throw translate(e, table, key);
        }
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
