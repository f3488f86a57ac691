package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.spark.embedded.LocalSparkCluster;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The jobs on a real Spark standalone cluster: a master and two workers in child JVMs on 127.0.0.1, each worker
 * starting an executor JVM of its own, which opens the Redis store from its URI. The answers equal the
 * single-JVM implementation's, and tasks ran on the executors of both workers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES)
class StandaloneClusterTest {
    /** Executor id to the web UI port of the worker that started it, and the executors that ran tasks. */
    static final Map<String, String> EXECUTOR_LOGS = new ConcurrentHashMap<>();
    static final Set<String> TASK_EXECUTORS = ConcurrentHashMap.newKeySet();

    /** Registered by {@code spark.extraListeners}, so that it sees the executors added before any job. */
    public static final class Executors extends SparkListener {
        @Override
        public void onExecutorAdded(SparkListenerExecutorAdded added) {
            EXECUTOR_LOGS.put(added.executorId(), added.executorInfo().logUrlMap().mkString(","));
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd task) {
            if (task.taskInfo().successful()) {
                TASK_EXECUTORS.add(task.taskInfo().executorId());
            }
        }
    }

    private LocalSparkCluster cluster;
    private SparkSession spark;

    private static Path buildDirectory() {
        try {
            return Paths.get(StandaloneClusterTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    void startCluster() {
        TestSpark.stop();
        Path dir = buildDirectory().resolve("spark-cluster-" + System.currentTimeMillis());
        long begin = System.nanoTime();
        cluster = LocalSparkCluster.start(dir, 2, 512, Duration.ofSeconds(120));
        spark = cluster.session("nosqlpatterns-cluster-test")
                .config("spark.extraListeners", Executors.class.getName())
                .config("spark.default.parallelism", "4")
                .getOrCreate();
        cluster.awaitExecutors(spark, Duration.ofSeconds(120));
        assertEquals(3, spark.sparkContext().statusTracker().getExecutorInfos().length,
                "the driver and two executors; see the logs in " + dir);
        System.out.println("standalone cluster with two executors ready after "
                + Duration.ofNanos(System.nanoTime() - begin).toMillis() + " ms");
    }

    @AfterAll
    void stopCluster() {
        try {
            if (spark != null) {
                spark.stop();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    void indexBackfillVerifyAndShadowRebuildRunOnTheExecutorsOfBothWorkers() {
        String uri = EmbeddedRedis.shared().uri() + "?prefix=cluster" + System.nanoTime() + ":";
        try (Store store = Stores.open(uri)) {
            store.createTable(TableSpec.named("people"));
            List<Write> writes = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                Item.Builder b = Item.builder("p" + i % 40, "s" + i);
                if (i % 6 != 0) {
                    b.put("city", "c" + i % 9);
                }
                writes.add(Write.put("people", b.put("age", i).build()));
            }
            for (int i = 0; i < writes.size(); i += 100) {
                store.writeBatch(writes.subList(i, i + 100));
            }
            TableOptions people = TableOptions.of(uri, "people", 8);
            IndexDefinition index = IndexDefinition.onAttribute(people, "people_by_city", "city", false);
            IndexTable ix = index.open(store);
            IndexVerification expected = ix.verify();
            assertEquals(400 - 67, expected.missing(), expected.toString());

            IndexJobs jobs = new IndexJobs(spark, System.out);
            IndexVerification backfill = jobs.backfill(index);
            assertEquals(List.of(expected.baseItemsChecked(), expected.missing(), expected.duplicates()),
                    List.of(backfill.baseItemsChecked(), backfill.missing(), backfill.duplicates()), backfill.toString());
            IndexVerification after = ix.verify();
            assertTrue(after.consistent(), after.toString());
            IndexVerification spread = jobs.verify(index);
            assertEquals(List.of(after.baseItemsChecked(), after.entriesChecked(), 0L),
                    List.of(spread.baseItemsChecked(), spread.entriesChecked(), spread.missing() + spread.dangling()
                            + spread.duplicates()), spread.toString());
            for (int c = 0; c < 9; c++) {
                String city = "c" + c;
                Set<Key> brute = writes.stream().map(w -> ((Write.Put) w).item())
                        .filter(i -> i.getString("city").orElse("").equals(city)).map(Item::key)
                        .collect(Collectors.toSet());
                assertEquals(brute, ix.find(city).stream().map(Item::key).collect(Collectors.toSet()), city);
            }

            ShadowDefinition shadow = ShadowDefinition.keeping(people, "people_shadow", List.of("city"));
            ShadowVerification rebuilt = new ShadowJobs(spark, System.out).rebuild(shadow);
            assertEquals(new ShadowVerification(800, 400), rebuilt);
            assertTrue(shadow.open(store).verify().consistent());
        }
        Set<Integer> workersUsed = TASK_EXECUTORS.stream().filter(id -> !id.equals("driver"))
                .map(id -> cluster.workerOf(EXECUTOR_LOGS.getOrDefault(id, "")).orElse(-1))
                .collect(Collectors.toSet());
        assertEquals(Set.of(0, 1), workersUsed, "executors " + EXECUTOR_LOGS + " ran tasks " + TASK_EXECUTORS
                + " on the workers with UI ports " + cluster.workerUiPorts());
    }

}
