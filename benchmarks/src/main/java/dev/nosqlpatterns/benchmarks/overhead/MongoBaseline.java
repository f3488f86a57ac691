package dev.nosqlpatterns.benchmarks.overhead;

import com.mongodb.ConnectionString;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The overhead family's operations written with the MongoDB sync driver on the MongoDB adapter's layout
 * (its {@code Documents}): one collection per logical table, one document per item,
 * {@code {_id: {p, s}, h: FNV-1a hash of the partition, v: random version, z: BSON bytes of a's fields,
 * a: {attributes}}}, numbers as Decimal128. A range read is one find on an {@code _id} range sorted by
 * {@code _id}; the counter one upserting findOneAndUpdate with {@code $inc}, returning only the counter.
 * Only scalar strings and numbers with plain ASCII names and sort keys are mapped, all the family writes.
 */
final class MongoBaseline implements Baseline {
    private final MongoClient client;
    private final MongoDatabase db;
    private final Map<String, MongoCollection<BsonDocument>> collections = new ConcurrentHashMap<>();

    MongoBaseline(String uri) {
        ConnectionString cs = new ConnectionString(uri);
        this.client = MongoClients.create(cs);
        this.db = client.getDatabase(cs.getDatabase());
    }

    MongoCollection<BsonDocument> collection(String table) {
        return collections.computeIfAbsent(table, t -> db.getCollection(t, BsonDocument.class));
    }

    private static BsonDocument id(Key key) {
        return new BsonDocument("p", new BsonString(key.partition())).append("s", new BsonString(key.sort()));
    }

    private static int hash(String partition) {
        int h = 0x811c9dc5;
        for (byte b : partition.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h & 0x7fffffff;
    }

    static BsonDocument document(Item item) {
        BsonDocument a = new BsonDocument();
        long size = 0;
        for (Map.Entry<String, Value> e : new java.util.TreeMap<>(item.attributes()).entrySet()) {
            BsonValue v = e.getValue() instanceof Value.Num n ? new BsonDecimal128(new Decimal128(n.value()))
                    : new BsonString(((Value.Str) e.getValue()).value());
            a.append(e.getKey(), v);
            size += 2 + e.getKey().length() + (v.isString() ? 5 + v.asString().getValue().getBytes(StandardCharsets.UTF_8).length : 16);
        }
        return new BsonDocument("_id", id(item.key())).append("h", new BsonInt32(hash(item.key().partition())))
                .append("v", new BsonInt64(ThreadLocalRandom.current().nextLong())).append("z", new BsonInt64(size))
                .append("a", a);
    }

    static Item item(BsonDocument doc) {
        BsonDocument id = doc.getDocument("_id");
        Map<String, Value> attributes = new HashMap<>();
        doc.getDocument("a").forEach((name, v) -> attributes.put(name, v.isDecimal128()
                ? Value.of(v.asDecimal128().getValue().bigDecimalValue()) : Value.of(v.asString().getValue())));
        return new Item(Key.of(id.getString("p").getValue(), id.getString("s").getValue()), attributes);
    }

    @Override
    public Optional<Item> get(String table, Key key) {
        return Optional.ofNullable(collection(table).find(new BsonDocument("_id", id(key))).first()).map(MongoBaseline::item);
    }

    @Override
    public void put(String table, Item item) {
        collection(table).replaceOne(new BsonDocument("_id", id(item.key())), document(item), new ReplaceOptions().upsert(true));
    }

    @Override
    public boolean putIfAbsent(String table, Item item) {
        try {
            collection(table).insertOne(document(item));
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public long add(String table, Key key, String attribute, long delta) {
        BsonDocument update = new BsonDocument("$inc", new BsonDocument("a." + attribute, new BsonDecimal128(new Decimal128(delta)))
                .append("z", new BsonInt64(2 + attribute.length() + 16)))
                .append("$set", new BsonDocument("v", new BsonInt64(ThreadLocalRandom.current().nextLong())))
                .append("$setOnInsert", new BsonDocument("h", new BsonInt32(hash(key.partition()))));
        BsonDocument after = collection(table).findOneAndUpdate(new BsonDocument("_id", id(key)), update,
                new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)
                        .projection(new BsonDocument("a." + attribute, new BsonInt32(1))));
        return after.getDocument("a").getDecimal128(attribute).getValue().bigDecimalValue().longValueExact();
    }

    @Override
    public List<Item> query(String table, String partition, String from, String to) {
        BsonDocument range = new BsonDocument("$gte", id(Key.of(partition, from))).append("$lte", id(Key.of(partition, to)));
        List<Item> out = new ArrayList<>();
        for (BsonDocument doc : collection(table).find(new BsonDocument("_id", range)).sort(new BsonDocument("_id", new BsonInt32(1)))) {
            out.add(item(doc));
        }
        return out;
    }

    @Override
    public void writeBatch(String table, List<Item> items) {
        List<ReplaceOneModel<BsonDocument>> models = new ArrayList<>(items.size());
        for (Item item : items) {
            models.add(new ReplaceOneModel<>(new BsonDocument("_id", id(item.key())), document(item), new ReplaceOptions().upsert(true)));
        }
        collection(table).bulkWrite(models, new BulkWriteOptions().ordered(false));
    }

    @Override
    public void close() {
        client.close();
    }
}
