package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.function.Function;

/**
 * Multi-item atomic writes with TransactWriteItems: all or nothing, across partitions and tables, with
 * a client request token so a retried request is not applied twice. Requests beyond DynamoDB's 100
 * actions or 4 MB are refused (the Store checks counts and item bytes first; the stored size, with keys
 * and index keys, is checked here), never split.
 */
final class Transactions {
    static final int MAX_ACTIONS = 100;
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;
    private final Writes writes;
    private final Function<String, TableSpec> specs;

    Transactions(DynamoDbClient client, Layout layout, Sender sender, Writes writes,
                 Function<String, TableSpec> specs) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
        this.writes = writes;
        this.specs = specs;
    }

    void write(List<Write> list, CostMeter meter) {
        if (list.size() > MAX_ACTIONS) {
            throw new InvalidRequestException("an atomic write of " + list.size() + " items exceeds DynamoDB's limit of "
                    + MAX_ACTIONS + " actions per transaction; it is refused, not split");
        }
        List<TransactWriteItem> items = new ArrayList<>(list.size());
        List<Write> fixes = new ArrayList<>();
        long bytes = 0;
        for (Write w : list) {
            String physical = layout.physicalTable(w.table());
            Map<String, AttributeValue> key = layout.key(w.table(), w.key());
            Expr x = new Expr();
            TransactWriteItem.Builder t = TransactWriteItem.builder();
            if (w instanceof Write.Put p) {
                Map<String, AttributeValue> item = writes.stored(p.table(), p.item());
                bytes += layout.physicalSize(p.table(), p.item(), item);
                String c = x.condition(p.condition(), layout);
                t.put(Put.builder().tableName(physical).item(item).conditionExpression(c)
                        .expressionAttributeNames(x.names()).expressionAttributeValues(x.values()).build());
            } else if (w instanceof Write.Delete d) {
                String c = x.condition(d.condition(), layout);
                t.delete(Delete.builder().tableName(physical).key(key).conditionExpression(c)
                        .expressionAttributeNames(x.names()).expressionAttributeValues(x.values()).build());
            } else if (w instanceof Write.Update u) {
                UpdatePlan plan = Writes.checked(u.table(), u.key(), () -> new UpdatePlan(u, specs.apply(u.table()), layout));
                if (plan.needsIndexFix()) {
                    fixes.add(u);
                }
                t.update(Update.builder().tableName(physical).key(key).updateExpression(plan.expression)
                        .conditionExpression(plan.condition).expressionAttributeNames(plan.expr.names())
                        .expressionAttributeValues(plan.expr.values()).build());
            } else if (w instanceof Write.Check check) {
                String c = x.condition(check.condition(), layout);
                t.conditionCheck(ConditionCheck.builder().tableName(physical).key(key)
                        .conditionExpression(c == null ? x.always(layout) : c)
                        .expressionAttributeNames(x.names()).expressionAttributeValues(x.values()).build());
            }
            items.add(t.build());
        }
        if (bytes > MAX_BYTES) {
            Write first = list.get(0);
            throw new ItemTooLargeException(first.table(), first.key(), "stored with keys and index keys the atomic"
                    + " write takes " + bytes + " bytes, more than DynamoDB's transaction limit of " + MAX_BYTES);
        }
        String token = UUID.randomUUID().toString();
        Write first = list.get(0);
        try {
            var r = sender.send(meter, new Sender.Target(first.table(), first.key(), first.condition()),
                    () -> client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(token)
                            .returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), true);
        } catch (StoreException e) {
            if (e.getCause() instanceof TransactionCanceledException canceled) {
                throw canceled(list, canceled, e);
            }
            throw e;
        }
        for (Write u : fixes) {
            var r = sender.send(meter, Sender.Target.of(u.table(), u.key()), () -> client.getItem(b -> b
                    .tableName(layout.physicalTable(u.table())).key(layout.key(u.table(), u.key()))
                    .consistentRead(true).returnConsumedCapacity(Sender.capacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            if (r.hasItem() && !r.item().isEmpty()) {
                writes.fixIndexKeys(u.table(), r.item(), meter);
            }
        }
    }

    /** The exception for a canceled transaction: the first failed condition, by its index, when there is one. */
    private static StoreException canceled(List<Write> list, TransactionCanceledException e, StoreException mapped) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        for (int i = 0; i < reasons.size() && i < list.size(); i++) {
            String code = reasons.get(i).code();
            Write w = list.get(i);
            Key key = w.key();
            if ("ConditionalCheckFailed".equals(code)) {
                return new ConditionFailedException(w.table(), key, w.condition(), i);
            }
            String message = reasons.get(i).message() == null ? "" : reasons.get(i).message();
            String lower = message.toLowerCase(java.util.Locale.ROOT);
            if ("ValidationError".equals(code) && lower.contains("item size") && lower.contains("exceeded")) {
                return new ItemTooLargeException(w.table(), key, "DynamoDB refused write " + i
                        + " of the atomic write: " + message);
            }
            if ("ValidationError".equals(code)) {
                return new InvalidRequestException(w.table(), key, "DynamoDB refused write " + i
                        + " of the atomic write: " + message);
            }
            if ("ItemCollectionSizeLimitExceeded".equals(code)) {
                return new ItemTooLargeException(w.table(), key, reasons.get(i).message());
            }
        }
        return mapped;
    }
}
