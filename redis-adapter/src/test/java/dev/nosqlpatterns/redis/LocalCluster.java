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
 * A Redis Cluster on loopback for the tests: three primaries sharing the 16384 slots, each with one replica,
 * every node a redis-server process ({@link EmbeddedRedis}) with a short {@code cluster-node-timeout}, so a
 * replica takes over within a few seconds of its primary's death. {@link #client()} is the cluster the
 * conformance tests share, once per JVM: the nodes named by NOSQLPATTERNS_REDIS_CLUSTER_URI
 * ({@code redis://host:port,host:port}) when given, otherwise a local one. {@link #start()} starts a cluster of
 * one's own, e.g. to kill its nodes.
 */
final class LocalCluster implements AutoCloseable {
    static final int NODE_TIMEOUT_MS = 1000;
    private static JedisCluster client;

    private final List<EmbeddedRedis> primaries;
    private final List<EmbeddedRedis> replicas;

    private LocalCluster(List<EmbeddedRedis> primaries, List<EmbeddedRedis> replicas) {
        this.primaries = primaries;
        this.replicas = replicas;
    }

    static synchronized JedisCluster client() {
        if (client == null) {
            String given = System.getProperty("NOSQLPATTERNS_REDIS_CLUSTER_URI", System.getenv("NOSQLPATTERNS_REDIS_CLUSTER_URI"));
            Set<HostAndPort> nodes;
            if (given != null && !given.isBlank()) {
                nodes = new HashSet<>(RedisUri.parse(java.net.URI.create(given), new ArrayList<>()).hosts());
            } else {
                LocalCluster local = start();
                Runtime.getRuntime().addShutdownHook(new Thread(local::close, "redis-test-cluster-stop"));
                nodes = new HashSet<>(local.nodes());
            }
            JedisCluster c = new JedisCluster(nodes, DefaultJedisClientConfig.builder().build());
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "redis-test-cluster-close"));
            client = c;
        }
        return client;
    }

    /** Starts three primaries and three replicas and waits until every node sees a healthy cluster. */
    static LocalCluster start() {
        List<EmbeddedRedis> primaries = new ArrayList<>();
        List<EmbeddedRedis> replicas = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                (i < 3 ? primaries : replicas).add(EmbeddedRedis.start("--cluster-enabled", "yes",
                        "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", Integer.toString(NODE_TIMEOUT_MS)));
            }
            LocalCluster cluster = new LocalCluster(primaries, replicas);
            cluster.form();
            return cluster;
        } catch (RuntimeException e) {
            primaries.forEach(EmbeddedRedis::close);
            replicas.forEach(EmbeddedRedis::close);
            throw e;
        }
    }

    private void form() {
        List<HostAndPort> nodes = nodes();
        HostAndPort first = nodes.get(0);
        for (int i = 0; i < 3; i++) {
            try (Jedis j = new Jedis(nodes.get(i))) {
                j.clusterAddSlots(IntStream.range(i * 16384 / 3, (i + 1) * 16384 / 3).toArray());
            }
        }
        for (int i = 1; i < nodes.size(); i++) {
            try (Jedis j = new Jedis(nodes.get(i))) {
                j.clusterMeet("127.0.0.1", first.getPort());
            }
        }
        long deadline = System.currentTimeMillis() + 30_000;
        for (int i = 0; i < 3; i++) {
            String primaryId;
            try (Jedis p = new Jedis(nodes.get(i))) {
                primaryId = p.clusterMyId();
            }
            try (Jedis r = new Jedis(nodes.get(3 + i))) {
                // A replica can follow a primary only once it knows it through the cluster bus.
                while (true) {
                    try {
                        r.clusterReplicate(primaryId);
                        break;
                    } catch (redis.clients.jedis.exceptions.JedisDataException e) {
                        waitOrFail(deadline, "replica " + i + " cannot follow its primary: " + e.getMessage());
                    }
                }
            }
        }
        for (HostAndPort node : nodes) {
            try (Jedis j = new Jedis(node)) {
                while (!healthy(j)) {
                    waitOrFail(deadline, "the local Redis Cluster did not form: " + j.clusterInfo());
                }
            }
        }
        for (EmbeddedRedis r : replicas) {
            try (Jedis j = new Jedis("127.0.0.1", r.port())) {
                while (!j.info("replication").contains("master_link_status:up")) {
                    waitOrFail(deadline, "a replica did not catch up: " + j.info("replication"));
                }
            }
        }
    }

    private static boolean healthy(Jedis j) {
        String info = j.clusterInfo();
        return info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:6")
                && j.clusterNodes().lines().filter(l -> l.contains("slave")).count() == 3;
    }

    /** Every node, primaries first, each replica at the index of its primary plus three. */
    List<HostAndPort> nodes() {
        List<HostAndPort> out = new ArrayList<>();
        primaries.forEach(p -> out.add(new HostAndPort("127.0.0.1", p.port())));
        replicas.forEach(r -> out.add(new HostAndPort("127.0.0.1", r.port())));
        return out;
    }

    EmbeddedRedis primary(int i) {
        return primaries.get(i);
    }

    EmbeddedRedis replica(int i) {
        return replicas.get(i);
    }

    /** Waits until the node at {@code node} is a primary serving its slots, and every live node agrees. */
    boolean awaitPrimary(EmbeddedRedis node, long timeoutMs) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            try (Jedis j = new Jedis("127.0.0.1", node.port())) {
                if (j.info("replication").contains("role:master") && j.clusterInfo().contains("cluster_state:ok")) {
                    return true;
                }
            } catch (RuntimeException e) {
                // not answering yet
            }
            sleep();
        }
        return false;
    }

    @Override
    public void close() {
        primaries.forEach(EmbeddedRedis::close);
        replicas.forEach(EmbeddedRedis::close);
    }

    private static void waitOrFail(long deadline, String message) {
        if (System.currentTimeMillis() > deadline) {
            throw new IllegalStateException(message);
        }
        sleep();
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
