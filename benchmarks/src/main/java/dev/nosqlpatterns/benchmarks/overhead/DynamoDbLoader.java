package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A bulk load with the AWS SDK v2 on the DynamoDB adapter's single-table layout (see {@link DynamoDbBaseline}),
 * {@value #CONCURRENT} requests at a time: each unique entry is a conditional {@code PutItem}
 * ({@code attribute_not_exists(pk)}; not a transaction with its item, so a load that fails half-way leaves claims
 * without items, as any non-atomic load may), all of a chunk's claims answered before its items and index
 * entries go in {@code BatchWriteItem}s of 25, unprocessed items sent again.
 *
 * <p>A scan is a parallel {@code Scan} of the one physical table in {@value #CONCURRENT} segments at once, each
 * filtered on the logical table's key prefix (the table holds every logical table's items); a bulk write the
 * load's {@code BatchWriteItem}s of 25, {@value #CONCURRENT} at a time.
 */
final class DynamoDbLoader implements Loader {
    static final int CONCURRENT = 4;
    private static final int BATCH = 25;
    private final DynamoDbBaseline dynamo;
    private final ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT, r -> {
        Thread t = new Thread(r, "dynamodb-loader");
        t.setDaemon(true);
        return t;
    });
    /** The scan's segments, apart from the writes' threads: a page handed over may be written while others scan. */
    private final ExecutorService scans = Executors.newFixedThreadPool(CONCURRENT, r -> {
        Thread t = new Thread(r, "dynamodb-scan");
        t.setDaemon(true);
        return t;
    });

    DynamoDbLoader(String uri) {
        this.dynamo = new DynamoDbBaseline(uri);
    }

    @Override
    public long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
                     List<Item> entries) {
        AtomicLong sent = new AtomicLong();
        List<Future<?>> claims = new ArrayList<>(uniqueEntries.size());
        for (Item e : uniqueEntries) {
            claims.add(pool.submit(() -> {
                sent.incrementAndGet();
                try {
                    dynamo.client.putItem(b -> b.tableName(DynamoDbBaseline.TABLE).item(DynamoDbBaseline.stored(uniqueTable, e))
                            .conditionExpression("attribute_not_exists(pk)"));
                } catch (ConditionalCheckFailedException taken) {
                    throw new IllegalStateException("unique value " + e.key().partition() + " is taken", taken);
                }
            }));
        }
        await(claims);
        List<WriteRequest> all = new ArrayList<>(items.size() + entries.size());
        items.forEach(i -> all.add(put(table, i)));
        entries.forEach(e -> all.add(put(indexTable, e)));
        return sent.get() + batches(all);
    }

    /** Sends {@code all} in BatchWriteItems of {@value #BATCH}, {@value #CONCURRENT} at a time; returns the requests. */
    private long batches(List<WriteRequest> all) {
        AtomicLong sent = new AtomicLong();
        List<Future<?>> batches = new ArrayList<>();
        for (int from = 0; from < all.size(); from += BATCH) {
            List<WriteRequest> chunk = all.subList(from, Math.min(all.size(), from + BATCH));
            batches.add(pool.submit(() -> {
                Map<String, List<WriteRequest>> pending = Map.of(DynamoDbBaseline.TABLE, chunk);
                while (!pending.isEmpty()) {
                    Map<String, List<WriteRequest>> send = pending;
                    sent.incrementAndGet();
                    BatchWriteItemResponse r = dynamo.client.batchWriteItem(b -> b.requestItems(send));
                    pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
                }
            }));
        }
        await(batches);
        return sent.get();
    }

    @Override
    public long scan(String table, int page, Consumer<List<Item>> each) {
        String prefix = table + "#";
        AtomicLong sent = new AtomicLong();
        List<Future<?>> segments = new ArrayList<>(CONCURRENT);
        for (int s = 0; s < CONCURRENT; s++) {
            int segment = s;
            segments.add(scans.submit(() -> {
                Map<String, AttributeValue> start = null;
                do {
                    Map<String, AttributeValue> from = start;
                    ScanResponse r = dynamo.client.scan(b -> b.tableName(DynamoDbBaseline.TABLE)
                            .filterExpression("begins_with(pk, :t)").expressionAttributeValues(
                                    Map.of(":t", AttributeValue.fromS(prefix)))
                            .segment(segment).totalSegments(CONCURRENT).limit(page).exclusiveStartKey(from)
                            .consistentRead(true));
                    sent.incrementAndGet();
                    List<Item> items = new ArrayList<>(r.items().size());
                    for (Map<String, AttributeValue> stored : r.items()) {
                        items.add(DynamoDbBaseline.item(Key.of(stored.get("pk").s().substring(prefix.length()),
                                stored.get("sk").s()), stored));
                    }
                    if (!items.isEmpty()) {
                        synchronized (each) {
                            each.accept(items);
                        }
                    }
                    start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                } while (start != null);
            }));
        }
        await(segments);
        return sent.get();
    }

    @Override
    public long write(String table, List<Item> items) {
        List<WriteRequest> all = new ArrayList<>(items.size());
        items.forEach(i -> all.add(put(table, i)));
        return batches(all);
    }

    @Override
    public String howScanAndWrite() {
        return "scan: a parallel Scan of " + CONCURRENT + " segments filtered on the table's key prefix; write:"
                + " BatchWriteItems of " + BATCH + ", " + CONCURRENT + " requests at a time";
    }

    private static WriteRequest put(String table, Item item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(DynamoDbBaseline.stored(table, item)).build())
                .build();
    }

    private static void await(List<Future<?>> futures) {
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
    }

    @Override
    public String how() {
        return "conditional PutItems for unique entries, then BatchWriteItems of 25, " + CONCURRENT + " requests at a time";
    }

    @Override
    public void close() {
        pool.shutdownNow();
        scans.shutdownNow();
        dynamo.close();
    }
}
