package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * Opens a {@link Store} on Redis (5.0 or later; 6.2 or later for native geo search).
 *
 * <p>Items are hashes, each partition a sorted set of its sort keys read with ZRANGEBYLEX (byte order,
 * which is UTF-8 order), and every write a Lua script that changes item, sort key, partition registry
 * and index entries together, so they stay consistent even when a client dies mid-batch. Keys carry
 * hash tags so that a partition lives in one cluster slot.
 *
 * <p>Give it either a Jedis client you built and keep owning ({@code JedisPooled}, or {@code JedisCluster}
 * for Redis Cluster), or a URI, from which it builds and owns a pooled client:
 * <pre>{@code
 * Store store = RedisStore.builder().uri("redis://app:secret@localhost:6379/0?prefix=shop:").build();
 * Store shared = RedisStore.builder().client(jedisPooled).keyPrefix("shop:").build();
 * }</pre>
 * URI forms: {@code redis://[user:password@]host[:port][/db]}, {@code rediss://...} for TLS, and
 * {@code redis://host1:port1,host2:port2?cluster=true} for a cluster. URI options: {@code prefix},
 * {@code cluster}, {@code tls}, {@code pool} (connections), {@code timeoutMs}, {@code clientName},
 * {@code waitReplicas} and {@code waitTimeoutMs} (see {@link Builder#waitForReplicas}).
 *
 * <p>On a single server the store is {@code ATOMIC_WRITES} across tables and partitions and has native
 * secondary indexes (lexicographic sorted sets); on a cluster, atomic writes are limited to one partition
 * (one slot) and tables have no native indexes.
 */
public final class RedisStore {
    /** The key prefix when none is given. */
    public static final String DEFAULT_PREFIX = "nsp:";

    private RedisStore() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The most commands one call sends in a pipeline by default (script calls of a {@code queryEach}, hashes
     * of a batch read, puts of a batch write): a cover of 32,768 ranges goes in 33 pipelines, one after
     * another, so that neither the client's buffers nor the server's reply buffer for the connection grow
     * with the size of the call, and the server is never blocked long by one connection.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 1000;

    /** Collects the options of a Redis store; {@link #build()} checks them all and reports every problem at once. */
    public static final class Builder {
        private UnifiedJedis client;
        private URI uri;
        private String keyPrefix;
        private Limits limits = Limits.PORTABLE;
        private Boolean cluster;
        private Integer maxConnections;
        private Duration timeout;
        private String clientName;
        private Integer waitReplicas;
        private Duration waitTimeout;
        private Integer maxInFlight;

        private Builder() {
        }

        /** A client the caller built and keeps owning: closing the store leaves it open. */
        public Builder client(UnifiedJedis client) {
            this.client = client;
            return this;
        }

        /** Where to connect; the store builds a pooled client from it and closes it with the store. */
        public Builder uri(URI uri) {
            this.uri = uri;
            return this;
        }

        public Builder uri(String uri) {
            try {
                this.uri = uri == null ? null : URI.create(uri);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Redis URI '" + uri + "' is malformed: " + e.getMessage(), e);
            }
            return this;
        }

        /** Starts every key this store writes, so that several applications can share one Redis; default "nsp:". */
        public Builder keyPrefix(String keyPrefix) {
            this.keyPrefix = keyPrefix;
            return this;
        }

        /** Size limits enforced before writing; default {@link Limits#PORTABLE}, so data fits every store. */
        public Builder limits(Limits limits) {
            this.limits = limits;
            return this;
        }

        /** Whether the client talks to a Redis Cluster; detected for {@code JedisCluster} clients. */
        public Builder cluster(boolean cluster) {
            this.cluster = cluster;
            return this;
        }

        /** Pool size of a client built from a URI; default 16. */
        public Builder maxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
            return this;
        }

        /** Connect and socket timeout of a client built from a URI; default 5 seconds. */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** The CLIENT SETNAME of the connections of a client built from a URI. */
        public Builder clientName(String clientName) {
            this.clientName = clientName;
            return this;
        }

        /**
         * After each item write, WAIT until {@code replicas} replicas have it, for at most {@code timeout}
         * (zero: without limit); when fewer acknowledge in time, the call fails with a
         * {@code StoreUnavailableException} although the primary applied the write. Replication in Redis is
         * asynchronous: without this, a write acknowledged just before its primary fails can be lost in the
         * failover. With it, losing a write takes losing the primary and the replicas that acknowledged it;
         * it is not a consensus: a replica that did not acknowledge can still be promoted. Default: no wait.
         * URI options {@code waitReplicas} and {@code waitTimeoutMs}.
         */
        public Builder waitForReplicas(int replicas, Duration timeout) {
            this.waitReplicas = replicas;
            this.waitTimeout = timeout;
            return this;
        }

        /**
         * The most commands one call sends in one pipeline, 1 to 65536; {@link #DEFAULT_MAX_IN_FLIGHT} by
         * default, URI option {@code maxInFlight}. A larger call is sent in several pipelines, one after
         * another, each one round trip waited for.
         */
        public Builder maxInFlight(int commands) {
            this.maxInFlight = commands;
            return this;
        }

        public Store build() {
            return Store.of(buildBackend());
        }

        /** The storage backend alone, e.g. to wrap it or to hand it to a conformance kit. */
        public StoreBackend buildBackend() {
            List<String> problems = new ArrayList<>();
            RedisUri parsed = null;
            if ((client == null) == (uri == null)) {
                problems.add("give exactly one of client(...) and uri(...)");
            }
            if (uri != null) {
                parsed = RedisUri.parse(uri, problems);
            }
            Map<String, String> options = parsed == null ? Map.of() : parsed.options();
            String prefix = keyPrefix != null ? keyPrefix : options.getOrDefault("prefix", DEFAULT_PREFIX);
            if (prefix.indexOf('{') >= 0 || prefix.indexOf('}') >= 0) {
                problems.add("key prefix '" + prefix + "' must not contain '{' or '}', which would break hash tags");
            }
            if (limits == null) {
                problems.add("limits must not be null");
            }
            int pool = maxConnections != null ? maxConnections : intOption(options, "pool", 16, problems);
            long timeoutMs = timeout != null ? timeout.toMillis() : intOption(options, "timeoutMs", 5000, problems);
            if (pool < 1) {
                problems.add("maxConnections must be at least 1, got " + pool);
            }
            if (timeoutMs < 1 || timeoutMs > Integer.MAX_VALUE) {
                problems.add("timeout must be from 1 ms to " + Integer.MAX_VALUE + " ms, got " + timeoutMs + " ms");
            }
            if (client != null && (maxConnections != null || timeout != null || clientName != null)) {
                problems.add("maxConnections, timeout and clientName configure a client built from a URI;"
                        + " set them on the client you pass instead");
            }
            int replicas = waitReplicas != null ? waitReplicas : intOption(options, "waitReplicas", 0, problems);
            long waitMs = waitTimeout != null ? waitTimeout.toMillis() : intOption(options, "waitTimeoutMs", 1000, problems);
            if (replicas < 0) {
                problems.add("waitReplicas must not be negative, got " + replicas);
            }
            if (waitMs < 0) {
                problems.add("the replica wait timeout must not be negative, got " + waitMs + " ms");
            }
            int inFlight = maxInFlight != null ? maxInFlight
                    : intOption(options, "maxInFlight", DEFAULT_MAX_IN_FLIGHT, problems);
            try {
                InFlightWindow.check("maxInFlight", inFlight);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
            ReplicaWait wait = replicas > 0 ? new ReplicaWait(replicas, waitMs) : ReplicaWait.NONE;
            boolean isCluster = cluster != null ? cluster
                    : client != null ? client instanceof JedisCluster : "true".equalsIgnoreCase(options.get("cluster"));
            if (parsed != null && isCluster && parsed.database() != 0) {
                problems.add("a Redis Cluster has only database 0, the URI names " + parsed.database());
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("cannot build the Redis store: " + String.join("; ", problems));
            }
            if (client != null) {
                return new RedisBackend(client, false, isCluster, prefix, limits, wait, inFlight);
            }
            String name = clientName != null ? clientName : options.get("clientName");
            return new RedisBackend(open(parsed, isCluster, pool, (int) timeoutMs, name), true, isCluster, prefix, limits,
                    wait, inFlight);
        }

        private static int intOption(Map<String, String> options, String name, int fallback, List<String> problems) {
            String v = options.get(name);
            if (v == null) {
                return fallback;
            }
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                problems.add("URI option " + name + "=" + v + " must be a whole number");
                return fallback;
            }
        }

        private static UnifiedJedis open(RedisUri uri, boolean cluster, int pool, int timeoutMs, String name) {
            JedisClientConfig config = DefaultJedisClientConfig.builder()
                    .user(uri.user()).password(uri.password()).database(uri.database()).ssl(uri.tls())
                    .timeoutMillis(timeoutMs).clientName(name).build();
            ConnectionPoolConfig poolConfig = new ConnectionPoolConfig();
            poolConfig.setMaxTotal(pool);
            poolConfig.setMaxIdle(pool);
            poolConfig.setMaxWait(Duration.ofMillis(timeoutMs));
            if (cluster) {
                return new JedisCluster(new HashSet<>(uri.hosts()), config, 5, poolConfig);
            }
            return new JedisPooled(uri.hosts().get(0), config, poolConfig);
        }
    }
}
