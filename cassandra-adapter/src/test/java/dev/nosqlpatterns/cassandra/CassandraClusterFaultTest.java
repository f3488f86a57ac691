package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;
import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandraCluster;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.Trees;
import dev.nosqlpatterns.aggregate.AggregateStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three real nodes on 127.0.0.1-3, a keyspace replicated to all three, the store at LOCAL_QUORUM and
 * SERIAL: one node is killed with {@code SIGKILL} while several threads write through an index table, a
 * tree and aggregates, and started again later. The work goes on with two nodes; afterwards every
 * acknowledged write is read back, and the index's drift is verified and repaired to zero.
 */
class CassandraClusterFaultTest {
    private static final int THREADS = 3;
    private static final int OPERATIONS = 60;
    private static final int VICTIM = 1;
    private static final PayloadCodec<String> NAMES = PayloadCodec.of(
            name -> Map.of("name", Value.of(name)), attributes -> ((Value.Str) attributes.get("name")).value());

    private static EmbeddedCassandraCluster cluster;

    @BeforeAll
    static void startCluster() throws InterruptedException {
        cluster = EmbeddedCassandra.builder().maxHeapMegabytes(512).startCluster(3);
        System.out.println("three-node Cassandra accepted clients after " + cluster.startupTime().toMillis() + " ms");
        awaitRing();
    }

    /**
     * Waits until every node knows the other two: a node accepts clients before gossip has told it of the nodes
     * started after it, and a keyspace created, or a write coordinated, by a node that knows fewer nodes than the
     * replication factor is placed on fewer replicas than the test's claims assume.
     */
    private static void awaitRing() throws InterruptedException {
        long begin = System.nanoTime();
        long deadline = begin + TimeUnit.SECONDS.toNanos(120);
        try (CqlSession session = CqlSession.builder().addContactPoints(cluster.addresses())
                .withLocalDatacenter(EmbeddedCassandra.DATACENTER).build()) {
            while (!formed(session)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the three nodes did not all see each other within 120 s");
                }
                Thread.sleep(200);
            }
        }
        System.out.println("every node saw the others " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin)
                + " ms later");
    }

    private static boolean formed(CqlSession session) {
        Map<java.util.UUID, Node> nodes = session.getMetadata().getNodes();
        if (nodes.size() != cluster.size()) {
            return false;
        }
        for (Node node : nodes.values()) {
            if (node.getState() != NodeState.UP) {
                return false;
            }
            SimpleStatement peers = SimpleStatement.newInstance("SELECT peer FROM system.peers").setNode(node);
            try {
                if (session.execute(peers).all().size() != cluster.size() - 1) {
                    return false;
                }
            } catch (com.datastax.oss.driver.api.core.AllNodesFailedException notYet) {
                // The driver marks a node up before its pool has a connection to it: ask again later.
                return false;
            }
        }
        return true;
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Item user(String id, String city) {
        return Item.builder("user|" + id, "-").put("name", id).put("city", city).build();
    }

    @Test
    void aNodeKilledMidWorkLosesNoAcknowledgedWriteAndRepairEndsAllDrift() throws Exception {
        try (Store store = Stores.open(cluster.uri("faults").toString())) {
            store.createTable(TableSpec.named("users"));
            store.createTable(TableSpec.named("trees"));
            store.createTable(TableSpec.named("counters"));
            IndexTable byCity = IndexTable.builder(store).baseTable("users").indexTable("users_by_city")
                    .attribute("city").consistency(IndexConsistency.REPAIRABLE).build();
            Tree<String> setup = Trees.builder(store, "trees", NAMES).materializedPaths("catalogue");
            setup.createRoot("root", "root");
            for (int t = 0; t < THREADS; t++) {
                setup.addChild("root", "left" + t, "left" + t);
                setup.addChild("root", "right" + t, "right" + t);
                for (int n = 0; n < 3; n++) {
                    setup.addChild("left" + t, "leaf" + t + "_" + n, "leaf");
                }
            }
            AggregateStore aggregates = AggregateStore.builder(store, "counters").maxAttempts(50).build();

            Map<String, String> ackedCities = new ConcurrentHashMap<>();
            Map<String, String> uncertainCities = new ConcurrentHashMap<>();
            Map<String, String> ackedParents = new ConcurrentHashMap<>();
            Map<String, String> uncertainParents = new ConcurrentHashMap<>();
            for (int t = 0; t < THREADS; t++) {
                for (int n = 0; n < 3; n++) {
                    ackedParents.put("leaf" + t + "_" + n, "left" + t);
                }
            }
            long[] ackedAdds = new long[THREADS];
            long[] failedAdds = new long[THREADS];
            AtomicInteger acknowledged = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            AtomicInteger done = new AtomicInteger();
            AtomicLong killedAt = new AtomicLong();
            AtomicLong firstSuccessAfterKill = new AtomicLong();
            CountDownLatch killed = new CountDownLatch(1);
            List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Tree<String> tree = Trees.builder(store, "trees", NAMES).maxAttempts(200)
                        .materializedPaths("catalogue");
                workers.add(pool.submit(() -> {
                    for (int i = 0; i < OPERATIONS; i++) {
                        String kind = switch (i % 3) {
                            case 0 -> "index";
                            case 1 -> "tree";
                            default -> "aggregate";
                        };
                        String id = "u" + thread + "_" + (i % 10);
                        String city = "city" + (i % 4);
                        String leaf = "leaf" + thread + "_" + (i % 3);
                        String target = (i / 3) % 2 == 0 ? "right" + thread : "left" + thread;
                        try {
                            switch (kind) {
                                case "index" -> {
                                    uncertainCities.put(id, city);
                                    byCity.put(user(id, city));
                                    ackedCities.put(id, city);
                                    uncertainCities.remove(id);
                                }
                                case "tree" -> {
                                    uncertainParents.put(leaf, target);
                                    tree.move(leaf, target, Position.last());
                                    ackedParents.put(leaf, target);
                                    uncertainParents.remove(leaf);
                                }
                                default -> {
                                    aggregates.update(Key.of("count|" + thread, "-"), current -> {
                                        long n = current.flatMap(c -> c.getNumber("n")).map(BigDecimal::longValue)
                                                .orElse(0L);
                                        return Item.builder("count|" + thread, "-").put("n", n + 1).build();
                                    });
                                    ackedAdds[thread]++;
                                }
                            }
                            acknowledged.incrementAndGet();
                            if (killedAt.get() != 0) {
                                firstSuccessAfterKill.compareAndSet(0, System.nanoTime());
                            }
                        } catch (RuntimeException e) {
                            failed.incrementAndGet();
                            if (failures.size() < 5) {
                                failures.add(kind + ": " + e);
                            }
                            if (kind.equals("aggregate")) {
                                failedAdds[thread]++;
                            }
                        }
                        int n = done.incrementAndGet();
                        if (n == THREADS * OPERATIONS / 3) {
                            cluster.kill(VICTIM);
                            killedAt.set(System.nanoTime());
                            killed.countDown();
                        }
                    }
                    return null;
                }));
            }
            assertTrue(killed.await(600, TimeUnit.SECONDS), "the workload reached the kill");
            for (Future<?> w : workers) {
                w.get(600, TimeUnit.SECONDS);
            }
            pool.shutdown();
            int acknowledgedWithNodeDown = acknowledged.get();
            long restartBegin = System.nanoTime();
            cluster.restart(VICTIM);
            Duration restart = Duration.ofNanos(System.nanoTime() - restartBegin);

            int lost = 0;
            for (Map.Entry<String, String> e : ackedCities.entrySet()) {
                Optional<Item> stored = store.get("users", Key.of("user|" + e.getKey(), "-"));
                String city = stored.flatMap(i -> i.getString("city")).orElse(null);
                if (!e.getValue().equals(city) && !(uncertainCities.containsKey(e.getKey())
                        && uncertainCities.get(e.getKey()).equals(city))) {
                    lost++;
                }
            }
            Map<String, String> parents = new HashMap<>();
            for (TreeNode<String> node : setup.subtree("root")) {
                node.parent().ifPresent(p -> parents.put(node.id(), p));
            }
            for (Map.Entry<String, String> e : ackedParents.entrySet()) {
                String parent = parents.get(e.getKey());
                if (!e.getValue().equals(parent) && !(uncertainParents.containsKey(e.getKey())
                        && uncertainParents.get(e.getKey()).equals(parent))) {
                    lost++;
                }
            }
            for (int t = 0; t < THREADS; t++) {
                long count = aggregates.get(Key.of("count|" + t, "-")).flatMap(c -> c.getNumber("n"))
                        .map(BigDecimal::longValue).orElse(0L);
                assertTrue(count >= ackedAdds[t] && count <= ackedAdds[t] + failedAdds[t],
                        "thread " + t + ": " + count + " adds stored, " + ackedAdds[t] + " acknowledged, "
                                + failedAdds[t] + " failed");
                lost += (int) Math.max(0, ackedAdds[t] - count);
            }
            IndexVerification before = byCity.verify();
            byCity.repair();
            IndexVerification after = byCity.verify();
            TreeVerification tree = setup.verify();
            System.out.printf("three-node Cassandra, node %d killed after %d of %d operations: %d acknowledged"
                            + " (%d failed), %d acknowledged writes lost; index drift %d before repair, %d after;"
                            + " first success %d ms after the kill; restart %d ms%n",
                    VICTIM, THREADS * OPERATIONS / 3, THREADS * OPERATIONS, acknowledgedWithNodeDown,
                    failed.get(), lost, before.missing() + before.dangling() + before.duplicates(),
                    after.missing() + after.dangling() + after.duplicates(),
                    firstSuccessAfterKill.get() == 0 ? -1
                            : TimeUnit.NANOSECONDS.toMillis(firstSuccessAfterKill.get() - killedAt.get()),
                    restart.toMillis());
            assertEquals(0, lost, "no acknowledged write is lost at QUORUM with one node of three killed");
            failures.forEach(f -> System.out.println("failed: " + f));
            // how many fail depends on timeouts on a loaded machine (6 of 180 in most runs, 112 in one under
            // load); that work succeeds with the node down does not
            assertTrue(firstSuccessAfterKill.get() != 0, "the work went on with a node down: "
                    + acknowledgedWithNodeDown + " acknowledged, first failures " + failures);
            assertTrue(after.consistent(), () -> "repair ends all drift: " + after);
            assertTrue(tree.consistent(), () -> "the tree is sound: " + tree.findings());
            assertEquals(THREADS * 2 + THREADS * 3, parents.size(), "every tree node is still there");
        }
    }
}
