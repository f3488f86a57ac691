package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * DynamoDB Local behind an SDK interceptor that throttles every third request before it is sent
 * (ProvisionedThroughputExceededException or ThrottlingException) and answers batches with part of their
 * work unprocessed: the store backs off, finishes the work, and neither loses nor duplicates a write; every
 * refusal appears in the calls' costs as a throttle.
 */
class DynamoDbThrottlingTest {

    /** Throttles every third request before sending it; hands back half of each batch as unprocessed. */
    static final class Faults implements ExecutionInterceptor {
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger throttled = new AtomicInteger();
        final AtomicInteger partial = new AtomicInteger();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            int n = requests.incrementAndGet();
            if (n % 3 == 0) {
                throttled.incrementAndGet();
                String code = n % 2 == 0 ? "ProvisionedThroughputExceededException" : "ThrottlingException";
                AwsErrorDetails details = AwsErrorDetails.builder().errorCode(code).errorMessage("slow down").build();
                throw n % 2 == 0
                        ? ProvisionedThroughputExceededException.builder().statusCode(400).awsErrorDetails(details).build()
                        : DynamoDbException.builder().statusCode(400).awsErrorDetails(details).build();
            }
        }

        @Override
        public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
            SdkResponse response = context.response();
            if (response instanceof BatchWriteItemResponse r && context.request() instanceof BatchWriteItemRequest req) {
                Map<String, List<WriteRequest>> back = new HashMap<>();
                req.requestItems().forEach((table, list) -> {
                    if (list.size() > 1) {
                        back.put(table, list.subList(0, list.size() / 2));
                    }
                });
                if (!back.isEmpty()) {
                    partial.incrementAndGet();
                    // Written already: sending them again must leave one copy each.
                    return r.toBuilder().unprocessedItems(back).build();
                }
            }
            if (response instanceof BatchGetItemResponse r && r.hasResponses()) {
                Map<String, List<Map<String, AttributeValue>>> kept = new HashMap<>();
                Map<String, KeysAndAttributes> unprocessed = new HashMap<>();
                r.responses().forEach((table, items) -> {
                    if (items.size() > 1) {
                        kept.put(table, items.subList(items.size() / 2, items.size()));
                        KeysAndAttributes original = ((software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest)
                                context.request()).requestItems().get(table);
                        List<Map<String, AttributeValue>> keys = new ArrayList<>();
                        for (Map<String, AttributeValue> item : items.subList(0, items.size() / 2)) {
                            Map<String, AttributeValue> key = new HashMap<>();
                            original.keys().get(0).keySet().forEach(k -> key.put(k, item.get(k)));
                            keys.add(key);
                        }
                        unprocessed.put(table, original.toBuilder().keys(keys).build());
                    } else {
                        kept.put(table, items);
                    }
                });
                if (!unprocessed.isEmpty()) {
                    partial.incrementAndGet();
                    return r.toBuilder().responses(kept).unprocessedKeys(unprocessed).build();
                }
            }
            return response;
        }
    }

    @Test
    void throttlesAndUnprocessedBatchesAreRetriedToTheExactFinalState() {
        Faults faults = new Faults();
        java.net.URI endpoint = DynamoDbFixture.client().serviceClientConfiguration().endpointOverride().orElseThrow();
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults))
                .build()) {
            StoreBackend backend = DynamoDbStore.builder().client(client).singleTable(DynamoDbFixture.TEST_TABLE)
                    .retries(20, Duration.ofMillis(1), Duration.ofMillis(20)).buildBackend();
            try (Store store = Store.of(backend)) {
                CostTally tally = new CostTally();
                List<OperationCost> costs = new ArrayList<>();
                store.onCost(tally);
                store.onCost(costs::add);
                String table = "throttled" + System.nanoTime();
                store.createTable(TableSpec.named(table));
                List<Write> writes = new ArrayList<>();
                List<ItemRef> refs = new ArrayList<>();
                for (int i = 0; i < 60; i++) {
                    writes.add(Write.put(table, Item.builder("p" + (i % 4), "s" + i).put("n", i).build()));
                    refs.add(new ItemRef(table, Key.of("p" + (i % 4), "s" + i)));
                }
                CostMeter meter = new CostMeter();
                int before = faults.throttled.get() + faults.partial.get();
                backend.writeBatch(writes, meter);
                assertTrue(meter.roundTrips() > 3, "retried attempts are counted as round trips: " + meter.roundTrips());
                assertEquals(faults.throttled.get() + faults.partial.get() - before, meter.throttles(),
                        "each throttled request and each partly unprocessed batch is one throttle");
                assertTrue(meter.throttles() > 0 && meter.throttles() < meter.roundTrips(), meter.throttles() + " throttles");
                CostMeter readMeter = new CostMeter();
                Map<ItemRef, Item> read = backend.getAll(refs, readMeter);
                assertEquals(60, read.size());
                for (int i = 0; i < 60; i++) {
                    assertEquals(Value.of(i), read.get(refs.get(i)).get("n").orElseThrow());
                }
                for (int i = 0; i < 30; i++) {
                    store.update(table, Key.of("counter", "c"), UpdateAction.add("hits", 1));
                }
                assertEquals(Value.of(30), store.get(table, Key.of("counter", "c")).orElseThrow().get("hits").orElseThrow(),
                        "a throttled add was never applied, and none twice");
                assertEquals(61, store.scanAll(dev.nosqlpatterns.store.model.Scan.of(table)).count(), "no duplicates");
                assertTrue(faults.throttled.get() > 10 && faults.partial.get() > 0,
                        faults.throttled + " throttled, " + faults.partial + " partial batches");
                store.dropTable(table);
                assertEquals(faults.throttled.get() + faults.partial.get(),
                        meter.throttles() + readMeter.throttles() + tally.throttles(),
                        "every refusal the interceptor made appears in a cost: " + tally);
                assertTrue(costs.stream().anyMatch(c -> c.operation().equals("update") && c.throttles() > 0
                        && c.toString().contains(c.throttles() + " throttled")), "an update's cost shows its throttles");
                assertTrue(costs.stream().allMatch(c -> c.throttles() < c.roundTrips()),
                        "every call ended with an attempt that was served");
            }
        }
    }
}
