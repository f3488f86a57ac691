package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import dev.nosqlpatterns.store.model.StoreUnavailableException;

/**
 * Single-item writes: PutItem, DeleteItem and UpdateItem with condition expressions, and BatchWriteItem
 * in requests of 25 with unprocessed items retried under backoff (the backend sends a batch's requests
 * several at once). Each write also maintains the derived
 * keys of the table's secondary indexes.
 */
final class Writes {
    static final int BATCH_WRITE_SIZE = 25;

    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;
    private final Function<String, TableSpec> specs;

    Writes(DynamoDbClient client, Layout layout, Sender sender, Function<String, TableSpec> specs) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
        this.specs = specs;
    }

    void put(Write.Put put, CostMeter meter) {
        Map<String, AttributeValue> item = stored(put.table(), put.item());
        Expr x = new Expr();
        String condition = x.condition(put.condition(), layout);
        var r = sender.send(meter, target(put), () -> client.putItem(b -> b
                .tableName(layout.physicalTable(put.table())).item(item).conditionExpression(condition)
                .expressionAttributeNames(x.names()).expressionAttributeValues(x.values())
                .returnConsumedCapacity(Sender.capacityWanted(meter))));
        Sender.capacity(meter, r.consumedCapacity(), true);
    }

    void delete(Write.Delete delete, CostMeter meter) {
        Expr x = new Expr();
        String condition = x.condition(delete.condition(), layout);
        var r = sender.send(meter, target(delete), () -> client.deleteItem(b -> b
                .tableName(layout.physicalTable(delete.table())).key(layout.key(delete.table(), delete.key()))
                .conditionExpression(condition).expressionAttributeNames(x.names())
                .expressionAttributeValues(x.values()).returnConsumedCapacity(Sender.capacityWanted(meter))));
        Sender.capacity(meter, r.consumedCapacity(), true);
    }

    Item update(Write.Update u, CostMeter meter) {
        TableSpec spec = specs.apply(u.table());
        UpdatePlan plan = checked(u.table(), u.key(), () -> new UpdatePlan(u, spec, layout));
        // A numeric ADD applied twice counts twice: it is sent again only when it was surely not applied.
        boolean idempotent = u.actions().stream().noneMatch(a -> a instanceof UpdateAction.Add);
        var r = sender.send(meter, target(u), () -> client.updateItem(b -> b
                .tableName(layout.physicalTable(u.table())).key(layout.key(u.table(), u.key()))
                .updateExpression(plan.expression).conditionExpression(plan.condition)
                .expressionAttributeNames(plan.expr.names()).expressionAttributeValues(plan.expr.values())
                .returnValues(ReturnValue.ALL_NEW).returnConsumedCapacity(Sender.capacityWanted(meter))), idempotent);
        Sender.capacity(meter, r.consumedCapacity(), true);
        if (plan.needsIndexFix()) {
            fixIndexKeys(u.table(), r.attributes(), meter);
        }
        return layout.decode(r.attributes());
    }

    /**
     * Sets the derived index keys of a stored item to what its attributes imply, unless the attributes
     * changed meanwhile (then the writer that changed them set the keys).
     */
    void fixIndexKeys(String table, Map<String, AttributeValue> stored, CostMeter meter) {
        TableSpec spec = specs.apply(table);
        Item item = layout.decode(stored);
        Map<String, AttributeValue> expected = new HashMap<>();
        try {
            IndexKeys.addTo(spec, item, expected);
        } catch (IllegalArgumentException tooLong) {
            expected.clear();
        }
        Expr x = new Expr();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        for (int slot = 1; slot <= spec.indexes().size(); slot++) {
            for (String name : List.of(IndexKeys.pkAttribute(slot), IndexKeys.skAttribute(slot))) {
                AttributeValue want = expected.get(name);
                if (want == null && stored.containsKey(name)) {
                    removes.add(x.name(name));
                } else if (want != null && !want.equals(stored.get(name))) {
                    sets.add(x.name(name) + " = " + x.value(want));
                }
            }
        }
        if (sets.isEmpty() && removes.isEmpty()) {
            return;
        }
        List<String> unchanged = new ArrayList<>();
        unchanged.add("attribute_exists(" + x.name(layout.pk()) + ")");
        Set<String> sources = new HashSet<>();
        spec.indexes().forEach(i -> sources.addAll(i.attributes()));
        for (String source : sources) {
            String n = x.name(layout.attribute(source));
            Value v = item.attributes().get(source);
            unchanged.add(v == null ? "attribute_not_exists(" + n + ")" : n + " = " + x.value(Values.of(v)));
        }
        String expression = (sets.isEmpty() ? "" : "SET " + String.join(", ", sets) + " ")
                + (removes.isEmpty() ? "" : "REMOVE " + String.join(", ", removes));
        try {
            var r = sender.send(meter, Sender.Target.of(table, item.key()), () -> client.updateItem(b -> b
                    .tableName(layout.physicalTable(table)).key(layout.key(table, item.key()))
                    .updateExpression(expression.trim()).conditionExpression(String.join(" AND ", unchanged))
                    .expressionAttributeNames(x.names()).expressionAttributeValues(x.values())
                    .returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), true);
        } catch (ConditionFailedException changedMeanwhile) {
            // the later writer maintains the keys
        }
    }

    /**
     * The BatchWriteItem requests of a batch of puts and deletes of distinct items, 25 writes per request, in
     * the order of the writes; each request, once run on a meter, sends its writes and sends again what
     * DynamoDB left unprocessed after a pause. Every item is encoded and size-checked here, before any
     * request is sent, so that a bad item fails the batch with nothing written. The requests are independent:
     * the backend sends several at once.
     */
    List<Consumer<CostMeter>> batchRequests(List<Write> writes) {
        List<Map.Entry<String, WriteRequest>> requests = new ArrayList<>(writes.size());
        for (Write w : writes) {
            String physical = layout.physicalTable(w.table());
            WriteRequest request = w instanceof Write.Put p
                    ? WriteRequest.builder().putRequest(PutRequest.builder().item(stored(p.table(), p.item())).build()).build()
                    : WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(layout.key(w.table(), w.key())).build()).build();
            requests.add(Map.entry(physical, request));
        }
        Sender.Target target = Sender.Target.of(writes.get(0).table());
        List<Consumer<CostMeter>> out = new ArrayList<>((requests.size() + BATCH_WRITE_SIZE - 1) / BATCH_WRITE_SIZE);
        for (int from = 0; from < requests.size(); from += BATCH_WRITE_SIZE) {
            Map<String, List<WriteRequest>> chunk = new LinkedHashMap<>();
            for (Map.Entry<String, WriteRequest> e : requests.subList(from, Math.min(requests.size(), from + BATCH_WRITE_SIZE))) {
                chunk.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
            }
            out.add(meter -> sendBatch(chunk, target, meter));
        }
        return out;
    }

    /**
     * The BatchWriteItem requests that delete items by stored key, for dropping a logical table of the
     * single-table layout; each retries its unprocessed items.
     */
    List<Consumer<CostMeter>> deleteRequests(String table, List<Map<String, AttributeValue>> keys) {
        String physical = layout.physicalTable(table);
        Sender.Target target = Sender.Target.of(table);
        List<Consumer<CostMeter>> out = new ArrayList<>((keys.size() + BATCH_WRITE_SIZE - 1) / BATCH_WRITE_SIZE);
        for (int from = 0; from < keys.size(); from += BATCH_WRITE_SIZE) {
            List<WriteRequest> chunk = keys.subList(from, Math.min(keys.size(), from + BATCH_WRITE_SIZE)).stream()
                    .map(k -> WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(k).build()).build())
                    .toList();
            out.add(meter -> sendBatch(Map.of(physical, chunk), target, meter));
        }
        return out;
    }

    private void sendBatch(Map<String, List<WriteRequest>> pending, Sender.Target target, CostMeter meter) {
        for (int attempt = 1; ; attempt++) {
            Map<String, List<WriteRequest>> items = pending;
            BatchWriteItemResponse r = sender.send(meter, target, () -> client.batchWriteItem(b -> b
                    .requestItems(items).returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), true);
            if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
                return;
            }
            if (attempt >= sender.maxAttempts()) {
                throw new StoreUnavailableException("DynamoDB left "
                        + r.unprocessedItems().values().stream().mapToInt(List::size).sum()
                        + " batch writes unprocessed after " + attempt + " attempts; the others were applied",
                        target.table(), null, null);
            }
            meter.throttled();
            sender.backoff(attempt, target, null);
            pending = r.unprocessedItems();
        }
    }

    /** The stored form of an item with its index keys, checked against DynamoDB's limits. */
    Map<String, AttributeValue> stored(String table, Item item) {
        Map<String, AttributeValue> stored = checked(table, item.key(), () -> {
            Map<String, AttributeValue> m = layout.encode(table, item);
            IndexKeys.addTo(specs.apply(table), item, m);
            return m;
        });
        int size = layout.physicalSize(table, item, stored);
        if (size > Layout.MAX_PHYSICAL_ITEM_BYTES) {
            throw new ItemTooLargeException(table, item.key(), "with its key attributes and index keys the item"
                    + " takes " + size + " bytes in DynamoDB, more than its limit of " + Layout.MAX_PHYSICAL_ITEM_BYTES);
        }
        return stored;
    }

    static <T> T checked(String table, Key key, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(table, key, e.getMessage());
        }
    }

    static Sender.Target target(Write w) {
        return new Sender.Target(w.table(), w.key(), w.condition());
    }

}
