package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/**
 * Pipelined partition reads answer what reads one after another answer, also when the pipeline cannot
 * deliver some calls: scripts the server forgot, reads longer than one chunk, calls sent to the wrong
 * cluster node; and a failing read fails the call as it fails alone.
 */
class QueryEachTest {

    /** Twelve partitions of 30 items, and one of 1,999 items, read in two chunks. */
    private static void fill(Store store) {
        store.createTable(TableSpec.named("t"));
        List<Write> writes = new ArrayList<>();
        for (int p = 0; p < 12; p++) {
            for (int i = 0; i < 30; i++) {
                writes.add(Write.put("t", Item.builder(Key.of("p" + p, String.format("k%03d", i))).put("n", (long) i).build()));
            }
        }
        for (int i = 0; i < 1999; i++) {
            writes.add(Write.put("t", Item.builder(Key.of("big", String.format("k%05d", i))).build()));
        }
        store.writeBatch(writes);
    }

    private static List<Query> queries() {
        List<Query> out = new ArrayList<>();
        for (int p = 0; p < 12; p++) {
            Query q = Query.in("t", "p" + p).limit(3 + p).where(SortKeyCondition.between("k004", "k027"));
            out.add(p % 2 == 0 ? q : q.descending());
        }
        out.add(Query.in("t", "big").limit(2300));
        out.add(Query.in("t", "big").where(SortKeyCondition.beginsWith("k01")).descending().limit(1100));
        return out;
    }

    private static void assertSameAsAlone(Store store, List<Query> queries) {
        List<Page> together = store.queryEach(queries);
        for (int i = 0; i < queries.size(); i++) {
            Page alone = store.query(queries.get(i));
            assertEquals(alone.items(), together.get(i).items(), "query " + queries.get(i));
            assertEquals(alone.next(), together.get(i).next(), "query " + queries.get(i));
        }
    }

    @Test
    void answersAsAloneAfterScriptFlushAndFailsAsAlone() {
        String prefix = "nspq" + System.nanoTime() + ":";
        try (Store store = RedisStore.builder().client(RedisTestServer.client()).keyPrefix(prefix).build();
             Jedis admin = new Jedis(URI.create(RedisTestServer.uri()))) {
            fill(store);
            List<Query> queries = queries();
            admin.scriptFlush();
            assertSameAsAlone(store, queries);

            CostTally tally = new CostTally();
            store.measure(tally, () -> {
                store.queryEach(queries.subList(0, 12));
            });
            assertEquals(12, tally.roundTrips(), "a call per read");
            assertEquals(1, tally.criticalPath(), "one pipeline: " + tally);

            admin.set(prefix + "{t:p5}z", "not a sorted set");
            StoreException alone = assertThrows(StoreException.class, () -> store.query(queries.get(5)));
            StoreException together = assertThrows(StoreException.class, () -> store.queryEach(queries));
            assertEquals(alone.getClass(), together.getClass());
            assertEquals(alone.key(), together.key());
            assertTrue(together.getMessage().contains("WRONGTYPE"), together.getMessage());
            admin.del(prefix + "{t:p5}z");
            store.dropTable("t");
        }
    }

    @Test
    void callsSentToTheWrongClusterNodeAreSentAgainAlone() {
        String prefix = "nspr" + System.nanoTime() + ":";
        Set<HostAndPort> nodes = new HashSet<>();
        LocalCluster.client().getClusterNodes().keySet().forEach(n -> nodes.add(HostAndPort.from(n)));
        // A cluster client that is not a JedisCluster pipelines on one node: most calls are answered MOVED.
        try (UnifiedJedis plain = new UnifiedJedis(new ClusterConnectionProvider(nodes,
                DefaultJedisClientConfig.builder().build()), 5, Duration.ofSeconds(10));
             Store writer = RedisStore.builder().client(LocalCluster.client()).keyPrefix(prefix).build();
             Store reader = RedisStore.builder().client(plain).cluster(true).keyPrefix(prefix).build()) {
            fill(writer);
            reader.createTable(TableSpec.named("t"));
            List<Query> queries = queries().subList(0, 12);
            List<Page> together = reader.queryEach(queries);
            for (int i = 0; i < queries.size(); i++) {
                assertEquals(writer.query(queries.get(i)).items(), together.get(i).items(), "query " + queries.get(i));
            }
            assertSameAsAlone(writer, queries());
            writer.dropTable("t");
        }
    }
}
