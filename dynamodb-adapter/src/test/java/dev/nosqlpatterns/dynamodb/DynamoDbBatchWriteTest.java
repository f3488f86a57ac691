package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Batch writes sent as BatchWriteItem requests of 25, several at once: on DynamoDB Local a batch of 200 puts
 * costs 8 requests and waits for one; on a scripted client the requests really overlap, never more than
 * {@code maxInFlight} at a time, the wait reported is the chain the window allowed, a bad item fails the
 * batch before any request, and a failing request stops those not yet sent.
 */
class DynamoDbBatchWriteTest {

    private static List<Write> puts(String table, int count) {
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            writes.add(Write.put(table, Item.builder("p" + (i % 7), String.format("s%04d", i)).put("n", i).build()));
        }
        return writes;
    }

    @Test
    void twoHundredPutsAreEightRequestsWaitedForTogether() {
        StoreBackend backend = DynamoDbFixture.builder().buildBackend();
        String table = "batch" + System.nanoTime();
        backend.createTable(TableSpec.named(table), new CostMeter());
        List<Write> writes = puts(table, 200);
        CostMeter meter = new CostMeter();
        backend.writeBatch(writes, meter);
        assertEquals(8 + meter.throttles(), meter.roundTrips(), "200 writes in requests of 25");
        assertTrue(meter.criticalPath() <= 1 + meter.throttles(),
                "8 requests within the 16 in flight are waited for together: " + meter.criticalPath());
        assertTrue(meter.capacityReported() && meter.writeUnits() >= 200, "capacity " + meter.writeUnits());
        List<ItemRef> refs = writes.stream().map(w -> new ItemRef(table, w.key())).toList();
        Map<ItemRef, Item> read = backend.getAll(refs, new CostMeter());
        assertEquals(200, read.size());
        for (int i = 0; i < 200; i++) {
            assertEquals(Value.of(i), read.get(refs.get(i)).get("n").orElseThrow());
        }
        backend.dropTable(table, new CostMeter());
        backend.close();
    }

    @Test
    void droppingALogicalTableOfTheSharedTableDeletesItsItemsOnlyInBatchesWaitedForTogether() {
        StoreBackend backend = DynamoDbFixture.builder().buildBackend();
        String dropped = "drop" + System.nanoTime();
        String kept = dropped + "x"; // its partition keys begin with the dropped table's prefix, one character on
        backend.createTable(TableSpec.named(dropped), new CostMeter());
        backend.createTable(TableSpec.named(kept), new CostMeter());
        backend.writeBatch(puts(dropped, 400), new CostMeter());
        backend.writeBatch(puts(kept, 30), new CostMeter());
        CostMeter meter = new CostMeter();
        backend.dropTable(dropped, meter);
        assertTrue(meter.roundTrips() >= 1 + 16, "a scan and 16 batch deletes: " + meter.roundTrips());
        assertTrue(meter.criticalPath() < meter.roundTrips() / 2, "the deletes of a scan page are sent together: "
                + meter.criticalPath() + " of " + meter.roundTrips());
        List<ItemRef> gone = puts(dropped, 400).stream().map(w -> new ItemRef(dropped, w.key())).toList();
        assertEquals(Map.of(), backend.getAll(gone, new CostMeter()), "every item of the dropped table deleted");
        List<ItemRef> stay = puts(kept, 30).stream().map(w -> new ItemRef(kept, w.key())).toList();
        assertEquals(30, backend.getAll(stay, new CostMeter()).size(), "the other table's items kept");
        backend.dropTable(kept, new CostMeter());
        backend.close();
    }

    /** A client whose batch writes answer from a script, counting the requests in flight. */
    private static final class ScriptedClient implements DynamoDbClient {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();
        final AtomicInteger sent = new AtomicInteger();
        Function<Integer, BatchWriteItemResponse> answer = n -> BatchWriteItemResponse.builder().build();

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            int n = sent.getAndIncrement();
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                return answer.apply(n);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private static StoreBackend backend(ScriptedClient client, int maxInFlight) {
        return DynamoDbStore.builder().client(client).maxInFlight(maxInFlight)
                .retries(1, Duration.ofMillis(1), Duration.ofMillis(1)).buildBackend();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw AbortedException.create("the requests were not in flight together");
            }
        } catch (InterruptedException e) {
            throw AbortedException.create("interrupted");
        }
    }

    @Test
    void requestsOverlapWithinTheWindowAndTheWaitIsTheirChain() {
        ScriptedClient client = new ScriptedClient();
        CountDownLatch firstTwo = new CountDownLatch(2);
        client.answer = n -> {
            if (n < 2) {
                firstTwo.countDown();
                await(firstTwo); // answers only once both are in flight
            }
            return BatchWriteItemResponse.builder().build();
        };
        StoreBackend backend = backend(client, 2);
        CostMeter meter = new CostMeter();
        backend.writeBatch(puts("orders", 200), meter);
        assertEquals(8, client.sent.get());
        assertEquals(2, client.mostInFlight.get(), "at most maxInFlight requests at once");
        assertEquals(8, meter.roundTrips());
        assertTrue(meter.criticalPath() >= 4 && meter.criticalPath() <= 7,
                "8 requests 2 at a time wait for a chain of 4 to 7: " + meter.criticalPath());
        backend.close();
    }

    @Test
    void aBadItemFailsTheBatchBeforeAnyRequest() {
        ScriptedClient client = new ScriptedClient();
        StoreBackend backend = backend(client, 4);
        List<Write> writes = new ArrayList<>(puts("orders", 100));
        writes.add(Write.put("orders", Item.builder(Key.of("p", "big")).put("blob", "x".repeat(500_000)).build()));
        assertThrows(ItemTooLargeException.class, () -> backend.writeBatch(writes, new CostMeter()));
        assertEquals(0, client.sent.get(), "nothing was sent");
        backend.close();
    }

    @Test
    void aFailingRequestStopsTheOnesNotYetSent() {
        ScriptedClient client = new ScriptedClient();
        client.answer = n -> {
            throw DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                    .errorCode("ValidationException").errorMessage("refused " + n).build()).build();
        };
        StoreBackend backend = backend(client, 1);
        CostMeter meter = new CostMeter();
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> backend.writeBatch(puts("orders", 200), meter));
        assertTrue(e.getMessage().contains("refused 0"), e.getMessage());
        assertEquals(1, client.sent.get(), "no request is sent after one failed");
        assertEquals(1, meter.roundTrips());
        assertFalse(Thread.currentThread().isInterrupted());
        backend.close();
    }
}
