package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Partition reads served together, on a scripted client: they run at once on the backend's threads, their
 * costs add up while the wait is one request, a failure is the first failing query's in order and comes once
 * the others have finished, an interrupted caller keeps its interrupt, and a closed backend reads on the
 * caller's thread.
 */
class DynamoDbQueryEachTest {
    private static final QueryResponse EMPTY = QueryResponse.builder()
            .consumedCapacity(ConsumedCapacity.builder().capacityUnits(0.5).build()).build();

    /** A client whose query answers by partition from a script, and remembers the threads that sent it. */
    private static final class ScriptedClient implements DynamoDbClient {
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        Function<String, QueryResponse> query;

        @Override
        public QueryResponse query(QueryRequest request) {
            threads.add(Thread.currentThread().getName());
            String partition = request.expressionAttributeValues().values().stream()
                    .map(v -> v.s() == null ? "" : v.s()).filter(s -> s.matches(".*p[a-z]$")).findFirst().orElseThrow();
            return query.apply(partition.substring(partition.length() - 2));
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private static StoreBackend backend(ScriptedClient client) {
        return DynamoDbStore.builder().client(client).retries(1, Duration.ofMillis(1), Duration.ofMillis(1))
                .buildBackend();
    }

    private static List<KeyQuery> queries(String... partitions) {
        return java.util.Arrays.stream(partitions).map(p -> new KeyQuery("orders", p, SortKeyCondition.all(), false,
                10, Optional.empty())).toList();
    }

    private static RuntimeException invalid(String message) {
        return DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("ValidationException").errorMessage(message).build()).build();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw AbortedException.create("interrupted");
        }
    }

    @Test
    void queriesRunAtOnceAndTheirCostsJoin() {
        ScriptedClient client = new ScriptedClient();
        CountDownLatch allSent = new CountDownLatch(3);
        client.query = p -> {
            allSent.countDown();
            await(allSent); // answers only once every query is in flight
            return EMPTY;
        };
        CostMeter meter = new CostMeter();
        List<QueryResult> results = backend(client).queryEach(queries("pa", "pb", "pc"), meter);
        assertEquals(3, results.size());
        assertTrue(results.stream().allMatch(r -> r.items().isEmpty() && !r.more()), results.toString());
        assertEquals(3, meter.roundTrips());
        assertEquals(1, meter.criticalPath());
        assertEquals(1.5, meter.readUnits());
        assertTrue(meter.capacityReported());
        assertTrue(client.threads.stream().allMatch(t -> t.startsWith("nosqlpatterns-dynamodb-query-")),
                client.threads.toString());
    }

    @Test
    void theFirstFailingQueryInOrderFailsTheCallOnceTheOthersFinished() {
        ScriptedClient client = new ScriptedClient();
        CountDownLatch laterFailed = new CountDownLatch(1);
        CountDownLatch earlierFailed = new CountDownLatch(1);
        AtomicBoolean lastStarted = new AtomicBoolean();
        AtomicBoolean lastFinished = new AtomicBoolean();
        client.query = p -> switch (p) {
            case "pb" -> {
                await(laterFailed);
                earlierFailed.countDown();
                throw invalid("earlier");
            }
            case "pc" -> {
                laterFailed.countDown();
                throw invalid("later");
            }
            case "pd" -> {
                lastStarted.set(true);
                await(earlierFailed);
                lastFinished.set(true);
                yield EMPTY;
            }
            default -> EMPTY;
        };
        StoreBackend backend = backend(client);
        CostMeter meter = new CostMeter();
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> backend.queryEach(queries("pa", "pb", "pc", "pd"), meter));
        assertTrue(e.getMessage().contains("earlier"), e.getMessage());
        // Once a query failed no further one is sent: the last is sent only when it was before the failure.
        assertTrue(!lastStarted.get() || lastFinished.get(), "the call returns once no query runs on its behalf");
        assertEquals(lastStarted.get() ? 4 : 3, meter.roundTrips());
        assertEquals(1, meter.criticalPath());
        InvalidRequestException alone = assertThrows(InvalidRequestException.class,
                () -> backend.query(queries("pb").get(0), new CostMeter()));
        assertEquals(alone.getMessage(), e.getMessage(), "the failure reading it alone");
    }

    @Test
    void anInterruptedCallerGetsUnavailableAndKeepsItsInterrupt() {
        ScriptedClient client = new ScriptedClient();
        CountDownLatch never = new CountDownLatch(1);
        client.query = p -> {
            await(never);
            return EMPTY;
        };
        StoreBackend backend = backend(client);
        Thread.currentThread().interrupt();
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                () -> backend.queryEach(queries("pa", "pb"), new CostMeter()));
        assertTrue(Thread.interrupted(), "the interrupt is kept");
        assertEquals("orders", e.table().orElseThrow());
        backend.close();
    }

    @Test
    void oneQueryOrAClosedBackendReadsOnTheCallersThread() {
        ScriptedClient client = new ScriptedClient();
        client.query = p -> EMPTY;
        StoreBackend backend = backend(client);
        backend.queryEach(queries("pa"), new CostMeter());
        backend.close();
        CostMeter meter = new CostMeter();
        backend.queryEach(queries("pa", "pb"), meter);
        assertEquals(Set.of(Thread.currentThread().getName()), client.threads);
        assertEquals(2, meter.criticalPath(), "one after another");
        assertFalse(Thread.currentThread().isInterrupted());
    }
}
