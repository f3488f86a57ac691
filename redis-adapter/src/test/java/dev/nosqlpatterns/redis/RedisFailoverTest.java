package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.Trees;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisCluster;

/**
 * A primary of a three-primary, three-replica Redis Cluster is killed (SIGKILL) while threads write through
 * the library: an index table, tree moves and counters. The workload goes on after its replica takes over.
 * Then every acknowledged write is looked for: Redis replicates asynchronously, so a write acknowledged
 * just before the kill can be lost; the run is made without and with {@code waitForReplicas(1, ...)}.
 * Finally the index table and the tree are verified and repaired, and must end without drift.
 */
class RedisFailoverTest {
    private static final int COUNTERS = 12;
    private static final long WORKLOAD_MS = 9_000;
    private static final long KILL_AFTER_MS = 2_500;

    /** What one run measured. */
    record Figures(boolean waitForReplicas, long acknowledged, long lost, long counterExcess, long failed,
                   long indexDriftBefore, long treeDriftBefore, long driftAfterRepair, long failoverMs,
                   long recoveryMs, long writesAfterFailover, long refusedForWantOfReplicas) {
        @Override
        public String toString() {
            return (waitForReplicas ? "with WAIT 1 replica" : "without WAIT") + ": " + acknowledged
                    + " writes acknowledged, " + lost + " lost, " + counterExcess + " counted twice, " + failed
                    + " calls failed; drift before repair: index " + indexDriftBefore + ", tree " + treeDriftBefore
                    + "; after repair " + driftAfterRepair + "; replica promoted " + failoverMs
                    + " ms after the kill, last failed call " + recoveryMs + " ms after it, " + writesAfterFailover
                    + " writes acknowledged after the promotion, " + refusedForWantOfReplicas
                    + " refused because too few replicas acknowledged";
        }
    }

    @Test
    void killingAPrimaryMidRunLosesOnlyWhatWaitWouldHaveCaughtAndRepairEndsWithoutDrift() throws Exception {
        Figures plain = run(false);
        Figures waited = run(true);
        System.out.println("[redis-failover] " + plain);
        System.out.println("[redis-failover] " + waited);
        for (Figures f : List.of(plain, waited)) {
            assertEquals(0, f.counterExcess(), "no increment is applied twice: " + f);
            assertEquals(0, f.driftAfterRepair(), "repair leaves no drift: " + f);
            assertTrue(f.failoverMs() >= 0, "a replica took over: " + f);
            assertTrue(f.writesAfterFailover() > 0, "the workload went on after the failover: " + f);
            assertTrue(f.acknowledged() > 0, f.toString());
        }
        assertEquals(0, waited.lost(), "a write a replica acknowledged survives its primary's death: " + waited);
    }

    private Figures run(boolean waitForReplicas) throws Exception {
        try (LocalCluster cluster = LocalCluster.start();
             JedisCluster client = new JedisCluster(new HashSet<>(cluster.nodes()),
                     DefaultJedisClientConfig.builder().connectionTimeoutMillis(500).socketTimeoutMillis(1000).build(),
                     5, Duration.ofSeconds(2), new org.apache.commons.pool2.impl.GenericObjectPoolConfig<>())) {
            RedisStore.Builder builder = RedisStore.builder().client(client).keyPrefix("fo:");
            if (waitForReplicas) {
                builder.waitForReplicas(1, Duration.ofMillis(500));
            }
            try (Store store = builder.build()) {
                return workload(cluster, store, waitForReplicas);
            }
        }
    }

    private Figures workload(LocalCluster cluster, Store store, boolean waitForReplicas) throws Exception {
        store.createTable(TableSpec.named("people"));
        store.createTable(TableSpec.named("people_by_city"));
        store.createTable(TableSpec.named("counts"));
        store.createTable(TableSpec.named("folders"));
        IndexTable index = IndexTable.builder(store).baseTable("people").indexTable("people_by_city")
                .attribute("city").build();
        PayloadCodec<String> codec = PayloadCodec.of(s -> Map.of("label", Value.of(s)),
                m -> ((Value.Str) m.get("label")).value());
        Tree<String> tree = Trees.builder(store, "folders", codec).adjacencyList("docs");
        tree.createRoot("root", "root");
        for (int i = 0; i < 6; i++) {
            tree.addChild("root", "f" + i, "folder " + i);
        }
        for (int i = 0; i < 12; i++) {
            tree.addChild("f" + (i % 6), "d" + i, "doc " + i);
        }

        long start = System.currentTimeMillis();
        long killAt = start + KILL_AFTER_MS;
        long end = start + WORKLOAD_MS;
        AtomicLong failed = new AtomicLong();
        AtomicLong lastFailure = new AtomicLong();
        AtomicLong afterFailover = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        java.util.function.Consumer<StoreException> onFailure = e -> {
            failed.incrementAndGet();
            if (String.valueOf(e.getMessage()).contains("replicas required")) {
                refused.incrementAndGet();
            }
            lastFailure.accumulateAndGet(System.currentTimeMillis(), Math::max);
        };
        List<Long> ackTimes = java.util.Collections.synchronizedList(new ArrayList<>());
        Map<String, AtomicLong> counted = new ConcurrentHashMap<>();
        Map<String, AtomicLong> attempted = new ConcurrentHashMap<>();
        Map<Key, Boolean> people = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int worker = w;
            threads.add(new Thread(() -> {
                for (int n = 0; System.currentTimeMillis() < end && n < 100_000; n++) {
                    Key key = Key.of("p" + worker + "-" + n, "profile");
                    try {
                        index.put(Item.builder(key).put("city", "c" + (n % 7)).build());
                        people.put(key, true);
                        ackTimes.add(System.currentTimeMillis());
                    } catch (StoreException e) {
                        onFailure.accept(e);
                    }
                }
            }, "index-writer-" + w));
        }
        for (int w = 0; w < 2; w++) {
            int worker = w;
            threads.add(new Thread(() -> {
                for (int n = 0; System.currentTimeMillis() < end && n < 100_000; n++) {
                    String counter = "k" + ((n * 7 + worker) % COUNTERS);
                    attempted.computeIfAbsent(counter, c -> new AtomicLong()).incrementAndGet();
                    try {
                        store.update("counts", Key.of(counter, "n"), UpdateAction.add("n", 1));
                        counted.computeIfAbsent(counter, c -> new AtomicLong()).incrementAndGet();
                        ackTimes.add(System.currentTimeMillis());
                    } catch (StoreException e) {
                        onFailure.accept(e);
                    }
                }
            }, "counter-" + w));
        }
        threads.add(new Thread(() -> {
            Random random = new Random(7);
            for (int n = 0; System.currentTimeMillis() < end && n < 100_000; n++) {
                try {
                    tree.move("d" + random.nextInt(12), "f" + random.nextInt(6), Position.last());
                    ackTimes.add(System.currentTimeMillis());
                } catch (StoreException | dev.nosqlpatterns.tree.TreeException e) {
                    failed.incrementAndGet();
                    lastFailure.accumulateAndGet(System.currentTimeMillis(), Math::max);
                }
            }
        }, "tree-mover"));
        threads.forEach(Thread::start);
        Thread.sleep(Math.max(0, killAt - System.currentTimeMillis()));
        long killed = System.currentTimeMillis();
        cluster.primary(0).kill();
        boolean promoted = cluster.awaitPrimary(cluster.replica(0), 30_000);
        long failoverMs = promoted ? System.currentTimeMillis() - killed : -1;
        for (Thread t : threads) {
            t.join(60_000);
        }
        long recovered = Math.max(lastFailure.get(), killed);
        long promotedAt = killed + Math.max(failoverMs, 0);
        synchronized (ackTimes) {
            afterFailover.set(ackTimes.stream().filter(t -> t > promotedAt).count());
        }

        long acknowledged = people.size() + counted.values().stream().mapToLong(AtomicLong::get).sum();
        long lost = 0;
        for (Key key : people.keySet()) {
            if (store.get("people", key).isEmpty()) {
                lost++;
            }
        }
        long excess = 0;
        for (Map.Entry<String, AtomicLong> e : counted.entrySet()) {
            long value = store.get("counts", Key.of(e.getKey(), "n")).flatMap(i -> i.get("n"))
                    .map(v -> ((Value.Num) v).longValue()).orElse(0L);
            lost += Math.max(0, e.getValue().get() - value);
            excess += Math.max(0, value - attempted.get(e.getKey()).get());
        }
        IndexVerification indexDrift = index.verify();
        TreeVerification treeCheck = tree.verify();
        index.repair();
        tree.repair();
        long after = index.verify().disagreements() + tree.verify().disagreements();
        return new Figures(waitForReplicas, acknowledged, lost, excess, failed.get(), indexDrift.disagreements(),
                treeCheck.disagreements(), after, failoverMs, recovered - killed, afterFailover.get(), refused.get());
    }
}
