package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Faults, on a scripted client: throttling, server errors and lost connections are retried with growing
 * pauses inside the budget, every attempt counts as a round trip, and what is not retried surfaces as the
 * library's exceptions naming table and key.
 */
class DynamoDbFaultTest {
    private final List<Duration> pauses = new ArrayList<>();
    private final Key key = Key.of("p", "s");

    /** A client whose putItem, batchWriteItem and transactWriteItems answer from scripts. */
    private static final class ScriptedClient implements DynamoDbClient {
        final AtomicInteger calls = new AtomicInteger();
        Supplier<PutItemResponse> put;
        java.util.function.Function<BatchWriteItemRequest, BatchWriteItemResponse> batch;
        Supplier<TransactWriteItemsResponse> transact;
        Supplier<UpdateItemResponse> update;

        @Override
        public PutItemResponse putItem(PutItemRequest request) {
            calls.incrementAndGet();
            return put.get();
        }

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            calls.incrementAndGet();
            return batch.apply(request);
        }

        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            calls.incrementAndGet();
            return transact.get();
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            calls.incrementAndGet();
            return update.get();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private StoreBackend backend(ScriptedClient client, int attempts) {
        return DynamoDbStore.builder().client(client).retries(attempts, Duration.ofMillis(10), Duration.ofMillis(80))
                .sleeper(pauses::add).buildBackend();
    }

    private static <T> Supplier<T> failing(int times, Supplier<RuntimeException> failure, T then) {
        AtomicInteger n = new AtomicInteger();
        return () -> {
            if (n.incrementAndGet() <= times) {
                throw failure.get();
            }
            return then;
        };
    }

    private static RuntimeException throttled() {
        return ProvisionedThroughputExceededException.builder().message("slow down").statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ProvisionedThroughputExceededException")
                        .errorMessage("slow down").build()).build();
    }

    private static RuntimeException serverError() {
        return DynamoDbException.builder().message("boom").statusCode(500)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("InternalServerError").errorMessage("boom").build())
                .build();
    }

    @Test
    void throttlingIsRetriedWithGrowingPausesAndCountedAsRoundTrips() {
        ScriptedClient client = new ScriptedClient();
        client.put = failing(3, DynamoDbFaultTest::throttled, PutItemResponse.builder().build());
        CostMeter meter = new CostMeter();
        backend(client, 5).put(Write.put("t", Item.of(key)), meter);
        assertEquals(4, client.calls.get());
        assertEquals(4, meter.roundTrips());
        assertEquals(3, meter.throttles(), "the three refused attempts are throttles");
        assertEquals(3, pauses.size());
        assertTrue(pauses.get(2).compareTo(pauses.get(0)) > 0, "pauses grow: " + pauses);
        assertTrue(pauses.stream().allMatch(d -> d.compareTo(Duration.ofMillis(80)) <= 0), "pauses are capped: " + pauses);
    }

    @Test
    void serverErrorsBeyondTheBudgetSurfaceAsUnavailableNamingTableAndKey() {
        ScriptedClient client = new ScriptedClient();
        client.put = failing(100, DynamoDbFaultTest::serverError, null);
        CostMeter meter = new CostMeter();
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                () -> backend(client, 4).put(Write.put("orders", Item.of(key)), meter));
        assertEquals(4, client.calls.get());
        assertEquals(4, meter.roundTrips());
        assertEquals(0, meter.throttles(), "server errors are retries, not throttles");
        assertEquals("orders", e.table().orElseThrow());
        assertEquals(key, e.key().orElseThrow());
        assertTrue(e.getMessage().contains("orders") && e.getMessage().contains("4 attempts"), e.getMessage());
    }

    @Test
    void lostConnectionsAreRetried() {
        ScriptedClient client = new ScriptedClient();
        client.put = failing(2, () -> SdkClientException.create("connection reset", new IOException("reset")),
                PutItemResponse.builder().build());
        backend(client, 3).put(Write.put("t", Item.of(key)), new CostMeter());
        assertEquals(3, client.calls.get());
    }

    @Test
    void validationErrorsAreNotRetried() {
        ScriptedClient client = new ScriptedClient();
        client.put = failing(100, () -> DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails
                .builder().errorCode("ValidationException").errorMessage("bad number").build()).build(), null);
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> backend(client, 5).put(Write.put("t", Item.of(key)), new CostMeter()));
        assertEquals(1, client.calls.get());
        assertTrue(e.getMessage().contains("bad number") && e.getMessage().contains("'t'"), e.getMessage());
    }

    @Test
    void unprocessedBatchWritesAreSentAgain() {
        ScriptedClient client = new ScriptedClient();
        // Requests of one batch go concurrently: the script answers by request, not by arrival.
        List<Integer> sizes = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicBoolean throttled = new java.util.concurrent.atomic.AtomicBoolean();
        client.batch = request -> {
            List<WriteRequest> sent = request.requestItems().values().iterator().next();
            sizes.add(sent.size());
            String table = request.requestItems().keySet().iterator().next();
            return sent.size() == 25 && throttled.compareAndSet(false, true)
                    ? BatchWriteItemResponse.builder().unprocessedItems(Map.of(table, sent.subList(0, 2))).build()
                    : BatchWriteItemResponse.builder().build();
        };
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            writes.add(Write.put("t", Item.of(Key.of("p", "s" + i))));
        }
        CostMeter meter = new CostMeter();
        backend(client, 5).writeBatch(writes, meter);
        List<Integer> order = List.copyOf(sizes);
        assertEquals(List.of(2, 5, 25), order.stream().sorted().toList(), "25 per request, the rest, the unprocessed"
                + " two again: " + order);
        assertTrue(order.indexOf(2) > order.indexOf(25), "the unprocessed two go again after their request: " + order);
        assertEquals(3, meter.roundTrips());
        assertEquals(1, meter.throttles(), "the partly unprocessed request is a throttle");
        assertEquals(1, pauses.size());
    }

    @Test
    void aCanceledTransactionNamesTheWriteWhoseConditionFailed() {
        ScriptedClient client = new ScriptedClient();
        client.transact = failing(100, () -> TransactionCanceledException.builder().statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("TransactionCanceledException").build())
                .cancellationReasons(CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("ConditionalCheckFailed").build()).build(), null);
        List<Write> writes = List.of(Write.put("a", Item.of(key)),
                new Write.Delete("b", Key.of("q", "r"), Condition.ifExists()));
        ConditionFailedException e = assertThrows(ConditionFailedException.class,
                () -> backend(client, 5).writeAtomically(writes, new CostMeter()));
        assertEquals(1, e.writeIndex().orElseThrow());
        assertEquals("b", e.table().orElseThrow());
        assertEquals(1, client.calls.get());
    }

    @Test
    void transactionConflictsAreRetried() {
        ScriptedClient client = new ScriptedClient();
        client.transact = failing(2, () -> TransactionCanceledException.builder().statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("TransactionCanceledException").build())
                .cancellationReasons(CancellationReason.builder().code("TransactionConflict").build()).build(),
                TransactWriteItemsResponse.builder().build());
        backend(client, 5).writeAtomically(List.of(Write.put("a", Item.of(key))), new CostMeter());
        assertEquals(3, client.calls.get());
    }

    /** UpdateItem's answer for the item {@code key} of {@code table} in the single-table layout. */
    private UpdateItemResponse updated(String table) {
        return UpdateItemResponse.builder().attributes(Map.of("pk", AttributeValue.fromS(table + "#" + key.partition()),
                "sk", AttributeValue.fromS(key.sort()))).build();
    }

    @Test
    void anAddWhoseOutcomeIsUnknownIsNotSentAgain() {
        ScriptedClient client = new ScriptedClient();
        client.update = failing(100, () -> SdkClientException.create("read timed out",
                new java.net.SocketTimeoutException("read timed out")), null);
        Write.Update add = new Write.Update("counters", key, List.of(UpdateAction.add("hits", 1)), Condition.none());
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                () -> backend(client, 5).update(add, new CostMeter()));
        assertEquals(1, client.calls.get(), "an add that may have been applied is not applied again");
        assertTrue(e.getMessage().startsWith("DynamoDB") && e.getMessage().contains("may or may not have been applied"),
                e.getMessage());

        ScriptedClient server = new ScriptedClient();
        server.update = failing(100, DynamoDbFaultTest::serverError, null);
        assertThrows(StoreUnavailableException.class, () -> backend(server, 5).update(add, new CostMeter()));
        assertEquals(1, server.calls.get(), "a server error leaves the outcome unknown too");
    }

    @Test
    void anAddThatWasSurelyNotAppliedIsSentAgain() {
        ScriptedClient client = new ScriptedClient();
        AtomicInteger n = new AtomicInteger();
        client.update = () -> switch (n.incrementAndGet()) {
            case 1 -> throw throttled();
            case 2 -> throw SdkClientException.create("connect failed", new java.net.ConnectException("Connection refused"));
            default -> updated("counters");
        };
        Write.Update add = new Write.Update("counters", key, List.of(UpdateAction.add("hits", 1)), Condition.none());
        CostMeter meter = new CostMeter();
        backend(client, 5).update(add, meter);
        assertEquals(3, client.calls.get());
        assertEquals(3, meter.roundTrips());
        assertEquals(1, meter.throttles());

        ScriptedClient set = new ScriptedClient();
        set.update = failing(2, DynamoDbFaultTest::serverError, updated("t"));
        backend(set, 5).update(new Write.Update("t", key, List.of(UpdateAction.set("a", dev.nosqlpatterns.item.Value.of(1))),
                Condition.none()), new CostMeter());
        assertEquals(3, set.calls.get(), "a SET may be applied twice without harm, so it is retried");
    }
}
