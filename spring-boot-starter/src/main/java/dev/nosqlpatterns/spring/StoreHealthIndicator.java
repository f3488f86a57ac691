package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Up when the store answers a read: it declares a small logical table once (idempotent; on DynamoDB's
 * single-table layout no physical table is added) and reads one absent key from it, a round trip to
 * the server, reporting the store's kind and the time the read took.
 */
final class StoreHealthIndicator extends AbstractHealthIndicator {
    private static final Key PROBE = Key.of("health", "probe");
    private final Store store;
    private final String table;
    private volatile boolean declared;

    StoreHealthIndicator(Store store, String table) {
        super("the nosqlpatterns store did not answer");
        this.store = store;
        this.table = table;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (!declared) {
            store.createTable(TableSpec.named(table));
            declared = true;
        }
        long start = System.nanoTime();
        store.get(table, PROBE);
        builder.up().withDetail("store", store.kind())
                .withDetail("readMillis", (System.nanoTime() - start) / 1_000_000.0);
    }
}
