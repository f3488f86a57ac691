package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/** Element queries on lists of maps with {@code $elemMatch}: every field must match in the same element. */
final class Nested implements NestedDocuments {
    private final Tables tables;

    Nested(Tables tables) {
        this.tables = tables;
    }

    @Override
    public List<Key> findByElement(String table, String listAttribute, Map<String, Value> fields, int limit, CostMeter meter) {
        meter.roundTrip();
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(listAttribute, "list attribute");
        Objects.requireNonNull(fields, "fields");
        if (fields.isEmpty() || limit < 1) {
            throw new IllegalArgumentException("findByElement needs at least one field and a positive limit, got "
                    + fields + " and " + limit);
        }
        BsonDocument element = new BsonDocument();
        fields.forEach((name, value) -> Conditions.equality(element, FieldNames.escape(name), value));
        BsonDocument filter = new BsonDocument(FieldNames.path(listAttribute) + "." + Values.LIST,
                new BsonDocument("$elemMatch", element));
        return Failures.call("findByElement", table, null, () -> {
            List<Key> keys = new ArrayList<>();
            for (BsonDocument d : tables.collection(table).find(filter)
                    .projection(new BsonDocument(Documents.ID, new BsonInt32(1)))
                    .sort(new BsonDocument(Documents.ID, new BsonInt32(1))).limit(limit)) {
                keys.add(Documents.key(d));
            }
            return keys;
        });
    }
}
