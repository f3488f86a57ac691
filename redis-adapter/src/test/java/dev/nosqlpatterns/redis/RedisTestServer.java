package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis the tests use, once per JVM, the first of: the one named by NOSQLPATTERNS_REDIS_URI
 * (environment variable or system property); {@code redis:7} through Testcontainers when a Docker engine
 * answers; an embedded redis-server (see {@link EmbeddedRedis}).
 */
final class RedisTestServer {
    private static String uri;
    private static UnifiedJedis client;

    private RedisTestServer() {
    }

    static synchronized String uri() {
        if (uri == null) {
            String given = System.getProperty("NOSQLPATTERNS_REDIS_URI", System.getenv("NOSQLPATTERNS_REDIS_URI"));
            if (given != null && !given.isBlank()) {
                uri = given;
            } else {
                String container = RedisContainer.startIfDocker();
                uri = container != null ? container : EmbeddedRedis.shared().uri();
            }
        }
        return uri;
    }

    /** One pooled client shared by the tests; closed when the JVM exits. */
    static synchronized UnifiedJedis client() {
        if (client == null) {
            JedisPooled c = new JedisPooled(java.net.URI.create(uri()));
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "redis-test-client-close"));
            client = c;
        }
        return client;
    }

    /**
     * The keys matching {@code pattern} that a dropped table may not leave behind: all but the request-token
     * markers of its last writes, which expire by themselves (the check also asserts they do).
     */
    static java.util.List<String> keysLeftAfterDrop(redis.clients.jedis.Jedis admin, String pattern) {
        java.util.List<String> left = new java.util.ArrayList<>();
        for (String key : admin.keys(pattern)) {
            if (!key.matches(".*\\}r[0-9a-f]{24}$")) {
                left.add(key);
            } else if (admin.pttl(key) <= 0) {
                left.add(key + " (a marker that never expires)");
            }
        }
        return left;
    }
}
