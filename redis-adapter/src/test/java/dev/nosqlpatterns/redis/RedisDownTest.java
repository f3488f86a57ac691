package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisCluster;

/**
 * A Redis that is down: every call fails soon with a {@link StoreUnavailableException} that names Redis,
 * after bounded retries; counters incremented across a crash and restart count every acknowledged
 * increment and never one twice.
 */
class RedisDownTest {
    private static final Duration TIMEOUT = Duration.ofMillis(1000);

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void everyCallFailsSoonNamingRedis(Store store) {
        List<Executable> calls = List.of(() -> store.get("t", Key.of("p", "s")),
                () -> store.put("t", Item.builder("p", "s").put("a", 1).build()),
                () -> store.update("t", Key.of("p", "s"), UpdateAction.add("n", 1)),
                () -> store.delete("t", Key.of("p", "s")),
                () -> store.query(Query.in("t", "p")),
                () -> store.writeBatch(List.of(Write.put("t", Item.builder("p", "b").build()))));
        for (Executable call : calls) {
            long start = System.nanoTime();
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class, call);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(e.getMessage().contains("Redis"), "names the store: " + e.getMessage());
            // Bounded: the retries' pauses (about 1.5 s) plus the attempts' timeouts; generous for a loaded machine.
            assertTrue(ms < 30_000, "failed only after " + ms + " ms: " + e.getMessage());
        }
    }

    @Test
    void aSingleServerThatIsDownFailsEveryCallWithStoreUnavailable() throws Exception {
        try (EmbeddedRedis server = EmbeddedRedis.start();
             Store store = RedisStore.builder().uri(server.uri()).timeout(TIMEOUT).build()) {
            store.createTable(TableSpec.named("t"));
            server.kill();
            everyCallFailsSoonNamingRedis(store);
        }
        try (Store never = RedisStore.builder().uri("redis://127.0.0.1:" + closedPort()).timeout(TIMEOUT).build()) {
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                    () -> never.createTable(TableSpec.named("t")));
            assertTrue(e.getMessage().contains("Redis"), e.getMessage());
        }
    }

    @Test
    void aClusterWhoseNodesAreAllDownFailsEveryCallWithStoreUnavailable() throws Exception {
        LocalCluster cluster = LocalCluster.start();
        try (JedisCluster client = new JedisCluster(new HashSet<>(cluster.nodes()),
                DefaultJedisClientConfig.builder().connectionTimeoutMillis(500).socketTimeoutMillis(1000).build(), 3,
                Duration.ofSeconds(2), new org.apache.commons.pool2.impl.GenericObjectPoolConfig<>());
             Store store = RedisStore.builder().client(client).keyPrefix("down:").build()) {
            store.createTable(TableSpec.named("t"));
            store.put("t", Item.builder("p", "s").build());
            cluster.close();
            everyCallFailsSoonNamingRedis(store);
        } finally {
            cluster.close();
        }
    }

    /**
     * A counter add whose reply is lost is sent again with the same request token: the script adds once.
     * (The adapter's retries and Jedis's own cluster retries repeat calls exactly so.)
     */
    @Test
    void anAddSentTwiceWithTheSameTokenCountsOnce() {
        Keys keys = new Keys("tok" + System.nanoTime() + ":");
        byte[] item = keys.item("t", "p", "s");
        byte[] sortKeys = keys.sortKeys("t", "p");
        List<byte[]> keyList = List.of(item, sortKeys, keys.partitions("t"), keys.requestToken("t", "p"));
        List<byte[]> args = new ArrayList<>(List.of(Keys.utf8(""), new byte[0], new byte[0], Keys.utf8("p"),
                Keys.utf8("s"), ItemHash.newVersion(), RangeReads.num(400_000), RangeReads.num(1), Keys.utf8("n"),
                Keys.utf8("1"), RangeReads.num(60_000)));
        var jedis = RedisTestServer.client();
        for (int i = 0; i < 3; i++) {
            Script.ADD.run(jedis, new CostMeter(), keyList, args);
        }
        assertEquals("N1", new String(jedis.hget(item, Keys.utf8("n")), java.nio.charset.StandardCharsets.UTF_8));
        jedis.del(item, sortKeys, keys.partitions("t"), keyList.get(3));
    }

    /**
     * Two threads increment counters through the store while the server is killed (SIGKILL) and restarted
     * from its append-only file (fsync always): calls fail while it is down, the workload goes on once it
     * is back, and every counter holds at least its acknowledged increments and at most those plus the
     * increments whose call failed (in doubt: applied, but the reply was lost), never more.
     */
    @Test
    void countersAcrossACrashAndRestartHoldTheAcknowledgedIncrementsNeverMore() throws Exception {
        try (EmbeddedRedis server = EmbeddedRedis.start("--appendonly", "yes", "--appendfsync", "always");
             Store store = RedisStore.builder().uri(server.uri()).timeout(TIMEOUT).build()) {
            store.createTable(TableSpec.named("counts"));
            AtomicLong[] acked = {new AtomicLong(), new AtomicLong()};
            AtomicLong[] inDoubt = {new AtomicLong(), new AtomicLong()};
            long end = System.currentTimeMillis() + 6_000;
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int c = w;
                threads.add(new Thread(() -> {
                    for (int n = 0; System.currentTimeMillis() < end && n < 200_000; n++) {
                        try {
                            store.update("counts", Key.of("c" + c, "n"), UpdateAction.add("n", 1));
                            acked[c].incrementAndGet();
                        } catch (StoreUnavailableException e) {
                            inDoubt[c].incrementAndGet();
                        } catch (StoreException e) {
                            throw e;
                        }
                    }
                }, "increments-" + w));
            }
            threads.forEach(Thread::start);
            Thread.sleep(1_500);
            server.kill();
            Thread.sleep(2_000);
            server.restart();
            for (Thread t : threads) {
                t.join(60_000);
            }
            long afterRestart = acked[0].get() + acked[1].get();
            for (int c = 0; c < 2; c++) {
                long value = store.get("counts", Key.of("c" + c, "n")).flatMap(i -> i.get("n"))
                        .map(v -> ((Value.Num) v).longValue()).orElse(0L);
                System.out.println("[redis-down] counter " + c + ": " + acked[c] + " acknowledged, " + inDoubt[c]
                        + " failed while down, " + value + " counted");
                assertTrue(value >= acked[c].get(), "no acknowledged increment is lost: " + value + " < " + acked[c]);
                assertTrue(value <= acked[c].get() + inDoubt[c].get(), "no increment counts twice: " + value);
            }
            assertTrue(inDoubt[0].get() + inDoubt[1].get() > 0, "calls failed while the server was down");
            assertTrue(afterRestart > 0, "increments went on");
        }
    }
}
