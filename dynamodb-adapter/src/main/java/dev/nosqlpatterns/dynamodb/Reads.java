package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads, strongly consistent unless the store is built otherwise: GetItem, BatchGetItem in requests of 100 with unprocessed keys retried,
 * Query with a key condition, direction, Limit and ExclusiveStartKey, and segmented Scan.
 *
 * <p>A query asks for one item more than the page holds, so that a page says "more" only when another
 * item matches. In the single-table layout a scan reads the whole physical table and keeps the items
 * whose partition key starts with the logical table's prefix: it costs what every logical table holds.
 */
final class Reads {
    static final int BATCH_GET_SIZE = 100;
    /** Most requests one scan page may send while a filter drops everything it reads. */
    static final int SCAN_REQUESTS_PER_PAGE = 8;
    /** Most items one scan request reads when a filter keeps few of them (DynamoDB stops at 1 MB anyway). */
    static final int SCAN_READ_LIMIT = 2_000;

    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;
    private final boolean consistent;

    Reads(DynamoDbClient client, Layout layout, Sender sender, boolean consistent) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
        this.consistent = consistent;
    }

    Optional<Item> get(String table, Key key, CostMeter meter) {
        var r = sender.send(meter, Sender.Target.of(table, key), () -> client.getItem(b -> b
                .tableName(layout.physicalTable(table)).key(layout.key(table, key)).consistentRead(consistent)
                .returnConsumedCapacity(Sender.capacityWanted(meter))));
        Sender.capacity(meter, r.consumedCapacity(), false);
        return r.hasItem() && !r.item().isEmpty() ? Optional.of(layout.decode(r.item())) : Optional.empty();
    }

    Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<ItemRef, Item> found = new LinkedHashMap<>();
        Sender.Target target = Sender.Target.of(refs.get(0).table());
        for (int from = 0; from < refs.size(); from += BATCH_GET_SIZE) {
            Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
            for (ItemRef ref : refs.subList(from, Math.min(refs.size(), from + BATCH_GET_SIZE))) {
                keys.computeIfAbsent(layout.physicalTable(ref.table()), t -> new ArrayList<>())
                        .add(layout.key(ref.table(), ref.key()));
            }
            Map<String, KeysAndAttributes> pending = new LinkedHashMap<>();
            keys.forEach((t, k) -> pending.put(t, KeysAndAttributes.builder().keys(k).consistentRead(consistent).build()));
            batchGet(pending, target, meter, found);
        }
        return found;
    }

    private void batchGet(Map<String, KeysAndAttributes> pending, Sender.Target target, CostMeter meter,
                          Map<ItemRef, Item> found) {
        for (int attempt = 1; ; attempt++) {
            Map<String, KeysAndAttributes> request = pending;
            BatchGetItemResponse r = sender.send(meter, target, () -> client.batchGetItem(b -> b
                    .requestItems(request).returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            r.responses().forEach((physical, items) -> items.forEach(stored -> found.put(
                    new ItemRef(layout.logicalOfItem(physical, stored), layout.keyOf(stored)), layout.decode(stored))));
            if (!r.hasUnprocessedKeys() || r.unprocessedKeys().isEmpty()) {
                return;
            }
            if (attempt >= sender.maxAttempts()) {
                throw new StoreUnavailableException("DynamoDB left keys unprocessed after " + attempt
                        + " batch reads", target.table(), null, null);
            }
            meter.throttled();
            sender.backoff(attempt, target, null);
            pending = r.unprocessedKeys();
        }
    }

    QueryResult query(KeyQuery query, CostMeter meter) {
        Optional<SortKeyCondition> condition = withoutEmptyBounds(query.condition());
        if (condition.isEmpty()) {
            return new QueryResult(List.of(), false);
        }
        KeyQuery q = new KeyQuery(query.table(), query.partition(), condition.get(), query.descending(), query.limit(),
                query.startAfter());
        Map<String, AttributeValue> start = null;
        if (q.startAfter().isPresent()) {
            String after = q.startAfter().get();
            if (!q.condition().matches(after)) {
                if (!before(after, q.condition(), q.descending())) {
                    return new QueryResult(List.of(), false);
                }
            } else {
                start = layout.key(q.table(), Key.of(q.partition(), after));
            }
        }
        Expr x = new Expr();
        String keyCondition = Expr.and(x.name(layout.pk()) + " = " + x.value(layout.pkValue(q.table(), q.partition())),
                x.sortKey(layout.sk(), q.condition(), s -> s));
        int want = q.limit() == Integer.MAX_VALUE ? q.limit() : q.limit() + 1;
        List<Item> items = new ArrayList<>();
        Sender.Target target = Sender.Target.of(q.table(), Key.of(q.partition(), q.startAfter().orElse("")));
        Map<String, AttributeValue> exclusiveStart = start;
        do {
            Map<String, AttributeValue> from = exclusiveStart;
            int limit = want - items.size();
            QueryResponse r = sender.send(meter, target, () -> client.query(b -> b
                    .tableName(layout.physicalTable(q.table())).keyConditionExpression(keyCondition)
                    .expressionAttributeNames(x.names()).expressionAttributeValues(x.values())
                    .scanIndexForward(!q.descending()).limit(limit).exclusiveStartKey(from).consistentRead(consistent)
                    .returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            r.items().forEach(stored -> items.add(layout.decode(stored)));
            exclusiveStart = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (exclusiveStart != null && items.size() < want);
        if (items.size() > q.limit()) {
            return new QueryResult(items.subList(0, q.limit()), true);
        }
        return new QueryResult(items, false);
    }

    /**
     * The condition without empty-string bounds, which DynamoDB refuses in key conditions (no stored sort
     * key is empty): an equivalent condition, or empty when it selects nothing.
     */
    static Optional<SortKeyCondition> withoutEmptyBounds(SortKeyCondition c) {
        if (c instanceof SortKeyCondition.EqualTo e && e.value().isEmpty()) {
            return Optional.empty();
        }
        if (c instanceof SortKeyCondition.Between b && b.low().isEmpty()) {
            return b.high().isEmpty() ? Optional.empty() : Optional.of(SortKeyCondition.lessOrEqual(b.high()));
        }
        if (c instanceof SortKeyCondition.Compare cmp && cmp.value().isEmpty()) {
            return switch (cmp.operator()) {
                case GT, GE -> Optional.of(SortKeyCondition.all());
                case LT, LE -> Optional.empty();
            };
        }
        return Optional.of(c);
    }

    /** True when {@code after}, which the condition does not select, lies before its range in the read's direction. */
    private static boolean before(String after, SortKeyCondition c, boolean descending) {
        Optional<SortKeyCondition.Bound> edge = descending ? c.upper() : c.lower();
        if (edge.isEmpty()) {
            return false;
        }
        int cmp = Utf8Order.compare(after, edge.get().value());
        return descending ? cmp >= 0 : cmp <= 0;
    }

    /**
     * One page of a scan. In the single-table layout a filter keeps the logical table's items of what each
     * request reads, and DynamoDB's Limit counts the items read, not those kept: each request after the
     * first reads as many as the share kept so far says the page still needs, and what a request returns
     * beyond the page is cut, the page resuming after the last item kept.
     */
    ScanResult scan(ScanRequest s, CostMeter meter) {
        Expr x = new Expr();
        String filter = layout.singleTable()
                ? "begins_with(" + x.name(layout.pk()) + ", " + x.value(layout.pkPrefix(s.table())) + ")" : null;
        Map<String, AttributeValue> start = s.token().map(Tokens::decode).orElse(null);
        List<Item> items = new ArrayList<>();
        Sender.Target target = Sender.Target.of(s.table());
        int requests = 0;
        long scanned = 0;
        long kept = 0;
        do {
            Map<String, AttributeValue> from = start;
            int remaining = s.limit() - items.size();
            int limit = scanLimit(remaining, scanned, kept);
            ScanResponse r = sender.send(meter, target, () -> client.scan(b -> b
                    .tableName(layout.physicalTable(s.table())).filterExpression(filter)
                    .expressionAttributeNames(x.names()).expressionAttributeValues(x.values())
                    .segment(s.totalSegments() > 1 ? s.segment() : null)
                    .totalSegments(s.totalSegments() > 1 ? s.totalSegments() : null)
                    .limit(limit).exclusiveStartKey(from).consistentRead(consistent)
                    .returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            List<Map<String, AttributeValue>> got = r.items();
            if (r.scannedCount() != null && r.count() != null) {
                meter.extraItemsRead(r.scannedCount() - r.count());
                scanned += r.scannedCount();
                kept += r.count();
            }
            if (got.size() > remaining) {
                meter.extraItemsRead(got.size() - remaining);
                got = got.subList(0, remaining);
                Map<String, AttributeValue> last = got.get(remaining - 1);
                start = Map.of(layout.pk(), last.get(layout.pk()), layout.sk(), last.get(layout.sk()));
            } else {
                start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            }
            got.forEach(stored -> items.add(layout.decode(stored)));
            requests++;
        } while (start != null && items.size() < s.limit() && requests < SCAN_REQUESTS_PER_PAGE);
        return new ScanResult(items, Optional.ofNullable(start).map(Tokens::encode));
    }

    /**
     * How many items the next request of a page reads: what the page still needs, divided by the share of
     * read items the filter has kept so far in this page (a sixty-fourth at least), at most
     * {@value #SCAN_READ_LIMIT}.
     */
    static int scanLimit(int remaining, long scanned, long kept) {
        if (scanned == 0) {
            return remaining;
        }
        double share = Math.max((double) kept / scanned, 1.0 / 64);
        return (int) Math.min(SCAN_READ_LIMIT, Math.max(remaining, Math.ceil(remaining / share)));
    }

    /**
     * Hands the stored keys of a logical table's items (single-table layout) to {@code page}, a scan page at a
     * time as they are read, so that dropping the table holds one page in memory, not the table.
     */
    void forEachKeyPage(String table, CostMeter meter, Consumer<List<Map<String, AttributeValue>>> page) {
        Expr x = new Expr();
        String pk = x.name(layout.pk());
        String filter = "begins_with(" + pk + ", " + x.value(layout.pkPrefix(table)) + ")";
        String projection = pk + ", " + x.name(layout.sk());
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse r = sender.send(meter, Sender.Target.of(table), () -> client.scan(b -> b
                    .tableName(layout.physicalTable(table)).filterExpression(filter).projectionExpression(projection)
                    .expressionAttributeNames(x.names()).expressionAttributeValues(x.values())
                    .exclusiveStartKey(from).consistentRead(consistent).returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            if (!r.items().isEmpty()) {
                page.accept(r.items());
            }
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
    }
}
