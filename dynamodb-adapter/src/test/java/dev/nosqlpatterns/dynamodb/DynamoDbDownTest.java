package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A DynamoDB that is down: every call fails within the retry budget with a {@link StoreUnavailableException}
 * that names DynamoDB; counters added to while the server stops and starts again hold at least the
 * acknowledged increments and at most those plus the failed ones; and an add whose answer is lost after the
 * server applied it is never applied twice: a plain add is not sent again (it may count once more than
 * acknowledged), a transactional add is sent again with its client request token and counts exactly once.
 */
class DynamoDbDownTest {
    private static final String OPTIONS = "?table=down_test&maxAttempts=4&connectTimeoutMillis=500&socketTimeoutMillis=2000";

    private static Store open(DynamoDbLocal local) {
        return DynamoDbStore.builder().uri(local.storeUri() + OPTIONS)
                .retries(4, Duration.ofMillis(25), Duration.ofMillis(200)).build();
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The longest time, in milliseconds, one of the calls took to fail. */
    private static long everyCallFailsNamingDynamoDb(Store store) {
        Key key = Key.of("p", "s");
        List<Executable> calls = List.of(() -> store.get("t", key),
                () -> store.put("t", Item.builder("p", "s").put("a", 1).build()),
                () -> store.update("t", key, UpdateAction.add("n", 1)),
                () -> store.delete("t", key),
                () -> store.query(Query.in("t", "p")),
                () -> store.writeBatch(List.of(Write.put("t", Item.builder("p", "b").build()))),
                () -> store.writeAtomically(List.of(new Write.Update("t", key, List.of(UpdateAction.add("n", 1)),
                        Condition.none()))));
        long longest = 0;
        for (Executable call : calls) {
            long start = System.nanoTime();
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class, call);
            long ms = (System.nanoTime() - start) / 1_000_000;
            longest = Math.max(longest, ms);
            assertTrue(e.getMessage().startsWith("DynamoDB"), "names the store: " + e.getMessage());
            assertEquals("t", e.table().orElseThrow(), e.getMessage());
            // 4 attempts with pauses of at most 25, 50 and 100 ms, each refused at once; generous for a loaded machine.
            assertTrue(ms < 20_000, "failed only after " + ms + " ms: " + e.getMessage());
        }
        return longest;
    }

    @Test
    void aServerThatIsDownFailsEveryCallWithStoreUnavailable() throws Exception {
        DynamoDbLocal local = DynamoDbLocal.start();
        try (Store store = open(local)) {
            store.createTable(TableSpec.named("t"));
            store.put("t", Item.builder("p", "s").put("n", 1).build());
            local.close();
            long longest = everyCallFailsNamingDynamoDb(store);
            System.out.println("DynamoDB down: the slowest of 7 calls failed after " + longest + " ms");
        }
        try (Store never = DynamoDbStore.builder().uri("dynamodb://127.0.0.1:" + closedPort() + OPTIONS).build()) {
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                    () -> never.createTable(TableSpec.named("t")));
            assertTrue(e.getMessage().startsWith("DynamoDB"), e.getMessage());
        }
    }

    /**
     * One thread adds to two counters, alternately by UpdateItem and by a one-write transaction, while the
     * server (keeping its data on disk) is stopped after 40 acknowledged adds and started again on the same
     * port 1.5 s later. Each counter holds at least its acknowledged adds and at most those plus its failed
     * ones.
     */
    @Test
    void countersAcrossAStopAndRestartHoldTheAcknowledgedAddsAtMostPlusTheFailed(@TempDir Path data) throws Exception {
        AtomicReference<DynamoDbLocal> server = new AtomicReference<>(DynamoDbLocal.startOnDisk(data));
        long[] acknowledged = new long[2];
        long[] failed = new long[2];
        AtomicLong slowestFailure = new AtomicLong();
        AtomicLong ackedTotal = new AtomicLong();
        Thread stopper = null;
        try (Store store = open(server.get())) {
            store.createTable(TableSpec.named("counters"));
            Key[] keys = {Key.of("c", "plain"), Key.of("c", "transactional")};
            stopper = new Thread(() -> {
                try {
                    while (ackedTotal.get() < 40) {
                        Thread.sleep(5);
                    }
                    server.get().close();
                    Thread.sleep(1500);
                    server.set(server.get().restart());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "dynamodb-stopper");
            stopper.start();
            long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
            for (int i = 0; i < 4000 && System.nanoTime() < deadline
                    && (stopper.isAlive() || ackedTotal.get() < 120); i++) {
                int which = i % 2;
                long start = System.nanoTime();
                try {
                    if (which == 0) {
                        store.update("counters", keys[0], UpdateAction.add("n", 1));
                    } else {
                        store.writeAtomically(List.of(new Write.Update("counters", keys[1],
                                List.of(UpdateAction.add("n", 1)), Condition.none())));
                    }
                    acknowledged[which]++;
                    ackedTotal.incrementAndGet();
                } catch (StoreUnavailableException e) {
                    assertTrue(e.getMessage().startsWith("DynamoDB"), e.getMessage());
                    failed[which]++;
                    slowestFailure.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
                    Thread.sleep(20);
                }
            }
            stopper.join(30_000);
            assertTrue(failed[0] + failed[1] > 0, "some calls were made while the server was down");
            assertTrue(acknowledged[0] + acknowledged[1] > 60, "the workload went on after the restart");
            for (int which = 0; which < 2; which++) {
                long stored = count(store, "counters", keys[which]);
                System.out.println("DynamoDB stop and restart, " + keys[which].sort() + " adds: " + acknowledged[which]
                        + " acknowledged, " + failed[which] + " failed, " + stored + " stored; slowest failure "
                        + slowestFailure + " ms");
                assertTrue(stored >= acknowledged[which] && stored <= acknowledged[which] + failed[which],
                        keys[which].sort() + ": " + stored + " stored, " + acknowledged[which] + " acknowledged, "
                                + failed[which] + " failed");
            }
        } finally {
            if (stopper != null) {
                stopper.interrupt();
                stopper.join(10_000);
            }
            server.get().close();
        }
    }

    /** Loses the answer of every third add after the server applied it, as a connection reset would. */
    static final class LostAnswers implements ExecutionInterceptor {
        final AtomicInteger adds = new AtomicInteger();
        final AtomicInteger lost = new AtomicInteger();

        @Override
        public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
            if ((context.request() instanceof UpdateItemRequest || context.request() instanceof TransactWriteItemsRequest)
                    && adds.incrementAndGet() % 3 == 0) {
                lost.incrementAndGet();
                throw SdkClientException.create("Connection reset after the request was sent",
                        new SocketException("Connection reset"));
            }
        }
    }

    @Test
    void anAddWhoseAnswerIsLostIsNeverAppliedTwice() {
        LostAnswers faults = new LostAnswers();
        java.net.URI endpoint = DynamoDbFixture.client().serviceClientConfiguration().endpointOverride().orElseThrow();
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults))
                .build();
             Store store = DynamoDbStore.builder().client(client).singleTable(DynamoDbFixture.TEST_TABLE)
                     .retries(5, Duration.ofMillis(1), Duration.ofMillis(10)).build()) {
            String table = "lost" + System.nanoTime();
            store.createTable(TableSpec.named(table));
            Key plain = Key.of("c", "plain");
            Key transactional = Key.of("c", "transactional");
            long plainAcknowledged = 0;
            long plainFailed = 0;
            for (int i = 0; i < 30; i++) {
                try {
                    store.update(table, plain, UpdateAction.add("n", 1));
                    plainAcknowledged++;
                } catch (StoreUnavailableException e) {
                    assertTrue(e.getMessage().contains("may or may not have been applied"), e.getMessage());
                    plainFailed++;
                }
            }
            long transactionalAcknowledged = 0;
            for (int i = 0; i < 30; i++) {
                store.writeAtomically(List.of(new Write.Update(table, transactional, List.of(UpdateAction.add("n", 1)),
                        Condition.none())));
                transactionalAcknowledged++;
            }
            long plainStored = count(store, table, plain);
            long transactionalStored = count(store, table, transactional);
            System.out.println("DynamoDB lost answers: plain adds " + plainAcknowledged + " acknowledged, " + plainFailed
                    + " failed, " + plainStored + " stored; transactional adds " + transactionalAcknowledged
                    + " acknowledged, " + transactionalStored + " stored; " + faults.lost + " answers lost");
            assertTrue(plainFailed > 0 && faults.lost.get() > plainFailed, faults.lost + " answers lost");
            assertTrue(plainStored >= plainAcknowledged && plainStored <= plainAcknowledged + plainFailed,
                    plainStored + " stored, " + plainAcknowledged + " acknowledged, " + plainFailed + " failed");
            assertEquals(transactionalAcknowledged, transactionalStored,
                    "a transaction sent again with its client request token is applied once");
            store.dropTable(table);
        }
    }

    private static long count(Store store, String table, Key key) {
        return ((Value.Num) store.get(table, key).orElseThrow().get("n").orElseThrow()).longValue();
    }
}
