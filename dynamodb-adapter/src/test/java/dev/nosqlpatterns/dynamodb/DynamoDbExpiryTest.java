package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * DynamoDB's own expiry: the adapter turns time to live on for its tables and gives every expiring item the
 * TTL attribute in epoch seconds. DynamoDB Local accepts both and never deletes, and AWS deletes within days,
 * so that reads leave expired items out is what the kit's expiry suites prove.
 */
class DynamoDbExpiryTest {

    @Test
    void tablesHaveTimeToLiveOnAndExpiringItemsCarryItInSeconds() {
        DynamoDbClient client = DynamoDbFixture.client();
        try (Store store = Store.of(DynamoDbFixture.builder().buildBackend())) {
            String table = "ttl" + System.nanoTime();
            store.createTable(TableSpec.named(table));
            try {
                assertEquals(true, store.has(Capability.NATIVE_EXPIRY));
                Instant expiry = Instant.parse("2030-01-02T03:04:05.006Z");
                store.put(Write.put(table, Item.builder("p", "a").put("n", 1).build()).expiringAt(expiry));
                String physical = DynamoDbFixture.TEST_TABLE;
                TimeToLiveDescription ttl = client.describeTimeToLive(b -> b.tableName(physical)).timeToLiveDescription();
                assertEquals(TimeToLiveStatus.ENABLED, ttl.timeToLiveStatus());
                assertEquals(Layout.TTL, ttl.attributeName());
                Map<String, AttributeValue> stored = client.scan(b -> b.tableName(physical)).items().stream()
                        .filter(i -> i.containsKey(Layout.TTL) && i.containsValue(AttributeValue.fromS(table + Layout.SEPARATOR + "p")))
                        .findFirst().orElseThrow();
                assertEquals(Long.toString(expiry.getEpochSecond() + 1), stored.get(Layout.TTL).n());
                assertEquals(expiry, store.get(table, Key.of("p", "a")).flatMap(dev.nosqlpatterns.item.Expiry::of)
                        .orElseThrow());
            } finally {
                store.dropTable(table);
            }
        }
    }
}
