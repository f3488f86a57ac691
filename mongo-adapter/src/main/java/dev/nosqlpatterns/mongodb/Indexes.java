package dev.nosqlpatterns.mongodb;

import com.mongodb.client.FindIterable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Native secondary indexes: a MongoDB index per {@link IndexSpec} on {@code (a.partition, a.sort, _id)},
 * partial on the index attributes being present (a sparse index). A read is an equality on the
 * partition attribute, a string range on the sort attribute, ordered by sort attribute then item key;
 * items lacking the sort attribute are left out, as a DynamoDB GSI leaves them out. A read resumes after
 * the position the store hands it: the last entry's sort value and {@code _id}.
 */
final class Indexes implements NativeIndexes {
    private final Tables tables;

    Indexes(Tables tables) {
        this.tables = tables;
    }

    @Override
    public IndexResult read(IndexRead q, CostMeter meter) {
        IndexSpec index = q.index();
        Optional<BsonDocument> after = q.after().map(Indexes::position);
        BsonDocument filter = filter(index, q, after);
        int dir = q.isDescending() ? -1 : 1;
        BsonDocument sort = new BsonDocument();
        index.sortAttribute().ifPresent(s -> sort.append(FieldNames.path(s), new BsonInt32(dir)));
        sort.append(Documents.ID, new BsonInt32(dir));
        return Failures.call("queryIndex", q.tableName(), null, () -> {
            FindIterable<BsonDocument> find = tables.collection(q.tableName()).find(filter).sort(sort).limit(q.limit() + 1);
            List<BsonDocument> docs = Reads.drain(find, q.limit() + 1, meter);
            boolean more = docs.size() > q.limit();
            if (more) {
                meter.extraItemsRead(1);
            }
            List<BsonDocument> page = more ? docs.subList(0, q.limit()) : docs;
            List<Item> items = new ArrayList<>(page.size());
            page.forEach(d -> items.add(Reads.item(d, q.tableName())));
            return new IndexResult(items, more ? Optional.of(IndexPosition.of(index, items.get(items.size() - 1)))
                    : Optional.empty());
        });
    }

    /** The position as the filter compares it: the entry's {@code _id} and its sort value. */
    private static BsonDocument position(IndexPosition p) {
        BsonDocument position = new BsonDocument(Documents.ID, Documents.id(p.key()));
        p.sortValue().ifPresent(v -> position.append("v", Values.encode(v)));
        return position;
    }

    static BsonDocument filter(IndexSpec index, IndexRead q, Optional<BsonDocument> after) {
        BsonDocument filter = Conditions.equality(new BsonDocument(), FieldNames.path(index.partitionAttribute()),
                q.partitionValue());
        List<BsonValue> and = new ArrayList<>();
        if (index.sortAttribute().isPresent()) {
            String path = FieldNames.path(index.sortAttribute().get());
            BsonDocument range = new BsonDocument("$exists", BsonBoolean.TRUE);
            q.sortCondition().lower().ifPresent(b -> range.append(b.inclusive() ? "$gte" : "$gt", new BsonString(b.value())));
            q.sortCondition().upper().ifPresent(b -> range.append(b.inclusive() ? "$lte" : "$lt", new BsonString(b.value())));
            and.add(new BsonDocument(path, range));
            after.ifPresent(a -> and.add(new BsonDocument("$or", new BsonArray(List.of(
                    new BsonDocument(path, new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get("v"))),
                    new BsonDocument(path, a.get("v")).append(Documents.ID,
                            new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get(Documents.ID))))))));
        } else {
            after.ifPresent(a -> and.add(new BsonDocument(Documents.ID,
                    new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get(Documents.ID)))));
        }
        if (!and.isEmpty()) {
            filter.append("$and", new BsonArray(and));
        }
        return filter;
    }
}
