package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.capability.IndexQuery;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Reads of native secondary indexes: a Query on the global secondary index of the index's slot, keyed
 * on the derived attributes (see {@link IndexKeys}). Read-only and eventually consistent, as DynamoDB's
 * global secondary indexes are. Cursors carry the index's LastEvaluatedKey.
 */
final class Indexes {
    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;
    private final Function<String, TableSpec> specs;

    Indexes(DynamoDbClient client, Layout layout, Sender sender, Function<String, TableSpec> specs) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
        this.specs = specs;
    }

    Page query(IndexQuery q, CostMeter meter) {
        TableSpec spec = specs.apply(q.table());
        List<IndexSpec> indexes = spec.indexes();
        int position = -1;
        for (int i = 0; i < indexes.size(); i++) {
            if (indexes.get(i).name().equals(q.index())) {
                position = i;
            }
        }
        if (position < 0) {
            throw new InvalidRequestException("table '" + q.table() + "' declares no index '" + q.index()
                    + "'; its indexes are " + indexes.stream().map(IndexSpec::name).toList());
        }
        IndexSpec index = indexes.get(position);
        int slot = position + 1;
        if (index.sortAttribute().isEmpty() && !(q.sortCondition() instanceof SortKeyCondition.All)) {
            throw new InvalidRequestException("index '" + q.index() + "' of table '" + q.table()
                    + "' has no sort attribute, so it takes no sort condition (got " + q.sortCondition() + ")");
        }
        String partition = IndexKeys.partitionValue(q.table(), index, q.partitionValue())
                .orElseThrow(() -> new InvalidRequestException("index '" + q.index() + "' of table '" + q.table()
                        + "' holds strings and numbers only, not " + q.partitionValue().type()));
        String fingerprint = Tokens.fingerprint(q.table() + '\u0001' + q.index() + '\u0001' + partition + '\u0001'
                + q.sortCondition() + '\u0001' + q.direction());
        Map<String, AttributeValue> start = q.after().map(c -> Tokens.fromCursor(fingerprint, c.token())).orElse(null);
        Expr x = new Expr();
        String keyCondition = Expr.and(x.name(IndexKeys.pkAttribute(slot)) + " = " + x.value(partition),
                x.sortKey(IndexKeys.skAttribute(slot), q.sortCondition(), s -> IndexKeys.SORT_MARK + s));
        int want = q.limit() == Integer.MAX_VALUE ? q.limit() : q.limit() + 1;
        List<Map<String, AttributeValue>> found = new ArrayList<>();
        Sender.Target target = Sender.Target.of(q.table());
        do {
            Map<String, AttributeValue> from = start;
            int limit = want - found.size();
            QueryResponse r = sender.send(meter, target, () -> client.query(b -> b
                    .tableName(layout.physicalTable(q.table())).indexName(IndexKeys.gsiName(slot))
                    .keyConditionExpression(keyCondition).expressionAttributeNames(x.names())
                    .expressionAttributeValues(x.values()).scanIndexForward(!q.isDescending()).limit(limit)
                    .exclusiveStartKey(from).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
            Sender.capacity(meter, r.consumedCapacity(), false);
            found.addAll(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null && found.size() < want);
        boolean more = found.size() > q.limit();
        List<Map<String, AttributeValue>> page = more ? found.subList(0, q.limit()) : found;
        List<Item> items = page.stream().map(layout::decode).toList();
        Optional<Cursor> next = Optional.empty();
        if (more) {
            Map<String, AttributeValue> last = page.get(page.size() - 1);
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (String name : List.of(layout.pk(), layout.sk(), IndexKeys.pkAttribute(slot), IndexKeys.skAttribute(slot))) {
                key.put(name, last.get(name));
            }
            next = Optional.of(new Cursor(Tokens.cursor(fingerprint, key)));
        }
        return new Page(items, next);
    }
}
