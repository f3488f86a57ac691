package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

/**
 * A Redis Cluster for the tests, once per JVM: the nodes named by NOSQLPATTERNS_REDIS_CLUSTER_URI
 * ({@code redis://host:port,host:port}) when given, otherwise three local masters sharing the 16384 slots.
 */
final class LocalCluster {
    private static JedisCluster client;

    private LocalCluster() {
    }

    static synchronized JedisCluster client() {
        if (client == null) {
            String given = System.getProperty("NOSQLPATTERNS_REDIS_CLUSTER_URI", System.getenv("NOSQLPATTERNS_REDIS_CLUSTER_URI"));
            Set<HostAndPort> nodes = new HashSet<>(given != null && !given.isBlank()
                    ? RedisUri.parse(java.net.URI.create(given), new ArrayList<>()).hosts() : startLocal());
            JedisCluster c = new JedisCluster(nodes, DefaultJedisClientConfig.builder().build());
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "redis-test-cluster-close"));
            client = c;
        }
        return client;
    }

    private static List<HostAndPort> startLocal() {
        List<EmbeddedRedis> servers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EmbeddedRedis node = EmbeddedRedis.start("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                    "--cluster-node-timeout", "2000");
            Runtime.getRuntime().addShutdownHook(new Thread(node::close, "redis-test-cluster-stop"));
            servers.add(node);
        }
        List<HostAndPort> nodes = servers.stream().map(s -> new HostAndPort("127.0.0.1", s.port())).toList();
        for (int i = 0; i < 3; i++) {
            try (Jedis j = new Jedis(nodes.get(i))) {
                int from = i * 16384 / 3;
                int to = (i + 1) * 16384 / 3;
                j.clusterAddSlots(IntStream.range(from, to).toArray());
                if (i > 0) {
                    j.clusterMeet("127.0.0.1", nodes.get(0).getPort());
                }
            }
        }
        long deadline = System.currentTimeMillis() + 30_000;
        for (HostAndPort node : nodes) {
            try (Jedis j = new Jedis(node)) {
                while (!j.clusterInfo().contains("cluster_state:ok") || !j.clusterInfo().contains("cluster_known_nodes:3")) {
                    if (System.currentTimeMillis() > deadline) {
                        throw new IllegalStateException("the local Redis Cluster did not form: " + j.clusterInfo());
                    }
                    sleep();
                }
            }
        }
        return nodes;
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
