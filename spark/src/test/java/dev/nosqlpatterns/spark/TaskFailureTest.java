package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tasks that die mid-write: the first attempt of every task writes part of what it should, then fails, and
 * Spark runs it again ({@code local[2,4]}: up to four attempts). After the retries, the written table, the index
 * and the shadow are exactly what one clean run leaves: no item missing, none twice, no drift.
 */
class TaskFailureTest {
    static Stream<String> stores() {
        return Stream.of("memory://spark-faults-" + System.nanoTime(),
                EmbeddedRedis.shared().uri() + "?prefix=faults" + System.nanoTime() + ":");
    }

    private static Map<String, Item> scanned(Store store, String table) {
        Map<String, Item> out = new TreeMap<>();
        store.scanAll(Scan.of(table)).forEach(i -> out.put(i.key().toString(), i));
        return out;
    }

    @ParameterizedTest
    @MethodSource("stores")
    void writesBackfillAndRebuildSurviveTasksKilledMidWrite(String uri) {
        SparkSession spark = TestSpark.session();
        String faulty = "faulty:" + uri;
        try (Store store = Stores.open(uri)) {
            store.createTable(TableSpec.named("people"));
            // 1. A Dataset written in batches of 10; every task's first attempt dies after 25 items.
            FaultyStoreProvider.failAfter(25);
            spark.sql("SELECT concat('p', id % 30) AS pk, concat('s', id) AS sk, concat('c', id % 7) AS city,"
                    + " id AS age FROM range(0, 400, 1, 4)").write().format(StoreDataSource.NAME)
                    .option("uri", faulty).option("table", "people").option("batchSize", "10").mode("append").save();
            int failed = FaultyStoreProvider.disarm();
            assertTrue(failed >= 4, "every task's first attempt failed: " + failed);
            Map<String, Item> people = scanned(store, "people");
            assertEquals(400, people.size());
            for (int id = 0; id < 400; id++) {
                Item item = people.get(Key.of("p" + id % 30, "s" + id).toString());
                assertEquals("c" + id % 7, item.getString("city").orElseThrow(), item.toString());
            }

            // 2. Index backfill whose entry writes die half way in every first attempt.
            IndexDefinition index = IndexDefinition.onAttribute(TableOptions.of(faulty, "people", 4), "people_by_city",
                    "city", false);
            IndexTable ix = IndexDefinition.onAttribute(TableOptions.of(uri, "people", 4), "people_by_city", "city",
                    false).open(store);
            assertEquals(400, ix.verify().missing());
            FaultyStoreProvider.failAfter(20);
            IndexVerification backfill = new IndexJobs(spark, null).backfill(index);
            failed = FaultyStoreProvider.disarm();
            assertTrue(failed >= 4, "the tasks that write entries failed first: " + failed + ", " + backfill);
            IndexVerification after = ix.verify();
            assertTrue(after.consistent(), after.toString());
            assertEquals(400, after.entriesChecked(), "one entry per item, none twice: " + after);
            for (int c = 0; c < 7; c++) {
                String city = "c" + c;
                Set<String> expected = people.values().stream().filter(i -> i.getString("city").orElseThrow()
                        .equals(city)).map(i -> i.key().toString()).collect(Collectors.toCollection(TreeSet::new));
                assertEquals(expected, ix.find(city).stream().map(i -> i.key().toString())
                        .collect(Collectors.toCollection(TreeSet::new)), city);
            }

            // 3. Shadow rebuild, after drift, whose shadow writes die in every first attempt.
            store.put("people", people.values().iterator().next().toBuilder().put("city", "moved").build());
            store.delete(Write.delete("people", Key.of("p1", "s1")));
            ShadowDefinition shadow = ShadowDefinition.keeping(TableOptions.of(faulty, "people", 4), "people_shadow",
                    List.of("city"));
            FaultyStoreProvider.failAfter(15);
            ShadowVerification rebuilt = new ShadowJobs(spark, null).rebuild(shadow);
            failed = FaultyStoreProvider.disarm();
            assertTrue(failed >= 4, "the tasks that write shadows failed first: " + failed + ", " + rebuilt);
            ShadowTable plain = ShadowDefinition.keeping(TableOptions.of(uri, "people", 4), "people_shadow",
                    List.of("city")).open(store);
            assertEquals(new ShadowVerification(2 * 399, 0), plain.verify());
            Map<String, Item> shadows = scanned(store, "people_shadow");
            assertEquals(399, shadows.size());
            scanned(store, "people").forEach((key, item) -> assertEquals(ShadowTable.keeping("city").apply(item)
                    .orElseThrow(), shadows.get(key), key));
        }
    }
}
