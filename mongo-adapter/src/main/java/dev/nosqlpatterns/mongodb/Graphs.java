package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.MeteredCalls;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@link GraphLookup} as an aggregation of one {@code $graphLookup} stage on the table's collection, fed
 * one document that carries the start value. The value is set with {@code $literal}, so a string such as
 * {@code "$a"} is a value, never a path.
 * All hits come back in one document, so a traversal reads at most what fits in 16 MiB.
 */
final class Graphs implements GraphLookup {
    private static final String FOUND = "found";
    private static final String DEPTH = "depth";
    private static final String START = "_start";

    private final Tables tables;
    private final MeteredCalls calls;

    Graphs(Tables tables, MeteredCalls calls) {
        this.tables = tables;
        this.calls = calls;
    }

    @Override
    public List<Hit> traverse(String table, String fromAttribute, String toAttribute, Value start, int maxDepth) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(fromAttribute, "from attribute");
        Objects.requireNonNull(toAttribute, "to attribute");
        Objects.requireNonNull(start, "start value");
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0, got " + maxDepth);
        }
        BsonDocument stage = new BsonDocument("from", new BsonString(tables.collection(table).getNamespace().getCollectionName()))
                .append("startWith", new BsonString("$" + START))
                .append("connectFromField", new BsonString(FieldNames.path(fromAttribute)))
                .append("connectToField", new BsonString(FieldNames.path(toAttribute)))
                .append("as", new BsonString(FOUND))
                .append("maxDepth", new BsonInt32(maxDepth))
                .append("depthField", new BsonString(DEPTH));
        List<BsonDocument> pipeline = List.of(new BsonDocument("$limit", new BsonInt32(1)),
                new BsonDocument("$addFields", new BsonDocument(START, new BsonDocument("$literal", Values.encode(start)))),
                new BsonDocument("$graphLookup", stage),
                new BsonDocument("$project", new BsonDocument(FOUND, new BsonInt32(1))));
        return calls.call("graphLookup", table, meter -> Failures.call("graphLookup", table, null, () -> {
            meter.roundTrip();
            List<Hit> hits = new ArrayList<>();
            BsonDocument result = tables.collection(table).aggregate(pipeline).first();
            if (result != null) {
                for (BsonValue v : result.getArray(FOUND)) {
                    BsonDocument d = v.asDocument();
                    hits.add(new Hit(Reads.item(d, table), d.get(DEPTH).asNumber().intValue()));
                }
            }
            hits.sort(Comparator.comparingInt(Hit::depth)
                    .thenComparing(h -> h.item().key().partition(), Utf8Order.COMPARATOR)
                    .thenComparing(h -> h.item().key().sort(), Utf8Order.COMPARATOR));
            return hits;
        }));
    }
}
