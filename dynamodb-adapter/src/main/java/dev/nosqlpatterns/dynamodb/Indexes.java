package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Reads of native secondary indexes: a Query on the global secondary index of the index's slot, keyed
 * on the derived attributes (see {@link IndexKeys}). Read-only and eventually consistent, as DynamoDB's
 * global secondary indexes are. A read resumes from the
 * ExclusiveStartKey of the position the store hands back.
 */
final class Indexes {
    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;

    Indexes(DynamoDbClient client, Layout layout, Sender sender) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
    }

    IndexResult query(IndexRead q, CostMeter meter) {
        List<IndexSpec> indexes = q.table().indexes();
        IndexSpec index = q.index();
        int slot = indexes.indexOf(index) + 1;
        String partition = IndexKeys.partitionValue(q.tableName(), index, q.partitionValue()).orElseThrow();
        Map<String, AttributeValue> start = q.after().map(a -> startKey(q, slot, partition, a)).orElse(null);
        Expr x = new Expr();
        String keyCondition = Expr.and(x.name(IndexKeys.pkAttribute(slot)) + " = " + x.value(partition),
                x.sortKey(IndexKeys.skAttribute(slot), q.sortCondition(), s -> IndexKeys.SORT_MARK + s));
        int want = q.limit() == Integer.MAX_VALUE ? q.limit() : q.limit() + 1;
        List<Map<String, AttributeValue>> found = new ArrayList<>();
        Sender.Target target = Sender.Target.of(q.tableName());
        do {
            Map<String, AttributeValue> from = start;
            int limit = want - found.size();
            QueryResponse r = sender.send(meter, target, () -> client.query(b -> b
                    .tableName(layout.physicalTable(q.tableName())).indexName(IndexKeys.gsiName(slot))
                    .keyConditionExpression(keyCondition).expressionAttributeNames(x.names())
                    .expressionAttributeValues(x.values()).scanIndexForward(!q.isDescending()).limit(limit)
                    .exclusiveStartKey(from).returnConsumedCapacity(Sender.indexCapacityWanted(meter))));
            Sender.capacity(meter, r.consumedCapacity(), false);
            found.addAll(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null && found.size() < want);
        boolean more = found.size() > q.limit();
        List<Map<String, AttributeValue>> page = more ? found.subList(0, q.limit()) : found;
        List<Item> items = page.stream().map(layout::decode).toList();
        return new IndexResult(items, more ? Optional.of(IndexPosition.of(index, items.get(items.size() - 1)))
                : Optional.empty());
    }

    /** The index's key of the entry at {@code after}: the ExclusiveStartKey to resume from. */
    private Map<String, AttributeValue> startKey(IndexRead q, int slot, String partition, IndexPosition after) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(layout.key(q.tableName(), after.key()));
        key.put(IndexKeys.pkAttribute(slot), AttributeValue.fromS(partition));
        String sort = q.index().sortAttribute().isEmpty() ? IndexKeys.keySort(after.key())
                : after.sortValue().flatMap(IndexKeys::sortValue).orElse(IndexKeys.SORT_MARK);
        key.put(IndexKeys.skAttribute(slot), AttributeValue.fromS(sort));
        return key;
    }
}
