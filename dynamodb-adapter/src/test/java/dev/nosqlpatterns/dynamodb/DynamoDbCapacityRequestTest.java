package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB answers a request that asks for its consumed capacity more slowly, and the figure serves only the
 * cost report: the store asks for it while someone receives the calls' costs, and not otherwise.
 */
class DynamoDbCapacityRequestTest {

    /** The ReturnConsumedCapacity each data request carried, as the SDK sends it. */
    static final class Asked implements ExecutionInterceptor {
        final List<String> capacity = new CopyOnWriteArrayList<>();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            context.request().getValueForField("ReturnConsumedCapacity", Object.class)
                    .ifPresent(v -> capacity.add(String.valueOf(v)));
        }
    }

    @Test
    void capacityIsAskedForOnlyWhileSomeoneMeasures() {
        Asked asked = new Asked();
        java.net.URI endpoint = DynamoDbFixture.client().serviceClientConfiguration().endpointOverride().orElseThrow();
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(c -> c.addExecutionInterceptor(asked)).build();
             Store store = DynamoDbStore.builder().client(client).singleTable(DynamoDbFixture.TEST_TABLE).build()) {
            String table = "capacity" + System.nanoTime();
            store.createTable(TableSpec.named(table));
            asked.capacity.clear();
            store.put(table, Item.builder("p", "a").put("n", 1).build());
            store.get(table, Key.of("p", "a"));
            store.query(Query.in(table, "p"));
            store.writeBatch(List.of(Write.put(table, Item.builder("p", "b").build())));
            assertEquals(4, asked.capacity.size(), asked.capacity.toString());
            assertTrue(asked.capacity.stream().allMatch("NONE"::equals), "unmeasured calls ask for none: " + asked.capacity);

            asked.capacity.clear();
            CostTally tally = store.measure(() -> {
                store.put(table, Item.builder("p", "c").put("n", 2).build());
                store.get(table, Key.of("p", "c"));
            });
            assertEquals(List.of("TOTAL", "TOTAL"), asked.capacity);
            assertTrue(tally.readUnits() > 0 && tally.writeUnits() > 0, "measured calls report capacity: " + tally);
            assertFalse(asked.capacity.contains("NONE"));
            store.dropTable(table);
        }
    }
}
