package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Measures the rate of index backfill and shadow rebuild on {@code local[2,4]} over Redis, for planning larger
 * runs; only with {@code -Dnosqlpatterns.spark.rate=ITEMS}. Prints items per second and the machine's load.
 */
@EnabledIfSystemProperty(named = "nosqlpatterns.spark.rate", matches = "\\d+")
class BackfillRateTest {
    @Test
    void backfillAndRebuildRates() {
        int n = Integer.getInteger("nosqlpatterns.spark.rate");
        String uri = EmbeddedRedis.shared().uri() + "?prefix=rate" + System.nanoTime() + ":";
        try (Store store = Stores.open(uri)) {
            store.createTable(TableSpec.named("people"));
            List<Write> batch = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                batch.add(Write.put("people", Item.builder("p" + i / 10, "s" + i).put("city", "c" + i % 1000)
                        .put("age", i).put("bio", "x".repeat(100)).build()));
                if (batch.size() == 500) {
                    store.writeBatch(batch);
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                store.writeBatch(batch);
            }
            TableOptions people = TableOptions.of(uri, "people", 8);
            IndexDefinition index = IndexDefinition.onAttribute(people, "people_by_city", "city", false);
            IndexTable ix = index.open(store);
            ShadowDefinition shadow = ShadowDefinition.keeping(people, "people_shadow", List.of("city", "age"));
            TestSpark.session().range(10).count();
            double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

            long t0 = System.nanoTime();
            IndexVerification backfill = new IndexJobs(TestSpark.session(), null).backfill(index);
            long t1 = System.nanoTime();
            ShadowVerification rebuilt = new ShadowJobs(TestSpark.session(), null).rebuild(shadow);
            long t2 = System.nanoTime();
            IndexVerification single = ix.verify();
            long t3 = System.nanoTime();
            assertEquals(n, backfill.missing());
            assertEquals(n, rebuilt.wrong());
            assertEquals(0, single.missing());
            System.out.printf("rate over %d items, load average %.1f: Spark backfill %.0f items/s, Spark shadow"
                    + " rebuild %.0f items/s, single-JVM index verify %.0f items/s%n", n, load,
                    n / ((t1 - t0) / 1e9), n / ((t2 - t1) / 1e9), n / ((t3 - t2) / 1e9));
        }
    }
}
