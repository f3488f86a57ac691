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
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The overhead family's operations written with the MongoDB sync driver on the MongoDB adapter's layout
 * (its {@code Documents}): one collection per logical table, one document per item,
 * {@code {_id: {p, s}, h: FNV-1a hash of the partition, v: random version, z: BSON bytes of a's fields,
 * a: {attributes}}}, numbers as Decimal128. A range read is one find on an {@code _id} range sorted by
 * {@code _id}; the counter one upserting findOneAndUpdate with {@code $inc}, returning only the counter.
 * Every value type is mapped as the adapter maps it (the bulk family's search load writes maps of string sets and
 * binaries); names and sort keys must need none of the adapter's escapes (checked).
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
        if (key.sort().chars().anyMatch(c -> c >= 0xE000)) {
            throw new IllegalArgumentException("sort key " + key + " needs the adapter's re-encoding, which this code lacks");
        }
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
            BsonValue v = bson(e.getValue());
            a.append(field(e.getKey()), v);
            size += 2 + e.getKey().length() + bytes(v);
        }
        return new BsonDocument("_id", id(item.key())).append("h", new BsonInt32(hash(item.key().partition())))
                .append("v", new BsonInt64(ThreadLocalRandom.current().nextLong())).append("z", new BsonInt64(size))
                .append("a", a);
    }

    /**
     * A value as the adapter stores it: strings, binaries and booleans as themselves, numbers as Decimal128, maps as
     * documents (names sorted), sets and lists as one-field documents around an array ({@code %ss}, {@code %ns},
     * {@code %l}).
     */
    private static BsonValue bson(Value value) {
        if (value instanceof Value.Str s) {
            return new BsonString(s.value());
        } else if (value instanceof Value.Num n) {
            return new BsonDecimal128(new Decimal128(n.value()));
        } else if (value instanceof Value.Bin b) {
            return new BsonBinary(b.value());
        } else if (value instanceof Value.Bool b) {
            return BsonBoolean.valueOf(b.value());
        } else if (value instanceof Value.StrSet s) {
            return new BsonDocument("%ss", new BsonArray(s.value().stream().sorted().<BsonValue>map(BsonString::new)
                    .toList()));
        } else if (value instanceof Value.NumSet s) {
            return new BsonDocument("%ns", new BsonArray(s.value().stream().sorted()
                    .<BsonValue>map(n -> new BsonDecimal128(new Decimal128(n))).toList()));
        } else if (value instanceof Value.ListValue l) {
            return new BsonDocument("%l", new BsonArray(l.value().stream().map(MongoBaseline::bson).toList()));
        } else if (value instanceof Value.MapValue m) {
            BsonDocument doc = new BsonDocument();
            new java.util.TreeMap<>(m.value()).forEach((k, v) -> doc.append(field(k), bson(v)));
            return doc;
        }
        return BsonNull.VALUE;
    }

    /** A name as a field name: the names this code writes need no escape, which the adapter would add. */
    private static String field(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '%' || c == '.' || c == '$' || c == 0) {
                throw new IllegalArgumentException("attribute name '" + name + "' needs an escape this code lacks");
            }
        }
        return name;
    }

    /** About the BSON bytes of a value, as {@code z} counts them. */
    private static long bytes(BsonValue v) {
        if (v.isString()) {
            return 5 + v.asString().getValue().getBytes(StandardCharsets.UTF_8).length;
        } else if (v.isBinary()) {
            return 5 + v.asBinary().getData().length;
        } else if (v.isDocument()) {
            long n = 5;
            for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
                n += 2 + e.getKey().length() + bytes(e.getValue());
            }
            return n;
        } else if (v.isArray()) {
            long n = 5;
            for (BsonValue e : v.asArray()) {
                n += 4 + bytes(e);
            }
            return n;
        }
        return 16;
    }

    private static Value value(BsonValue v) {
        if (v.isDecimal128()) {
            return Value.of(v.asDecimal128().getValue().bigDecimalValue());
        } else if (v.isString()) {
            return Value.of(v.asString().getValue());
        } else if (v.isBinary()) {
            return Value.of(v.asBinary().getData());
        } else if (v.isBoolean()) {
            return Value.of(v.asBoolean().getValue());
        } else if (v.isDocument()) {
            BsonDocument d = v.asDocument();
            if (d.size() == 1 && d.containsKey("%ss")) {
                return Value.stringSet(d.getArray("%ss").stream().map(m -> m.asString().getValue()).toList());
            } else if (d.size() == 1 && d.containsKey("%ns")) {
                return Value.numberSet(d.getArray("%ns").stream()
                        .map(m -> m.asDecimal128().getValue().bigDecimalValue()).toList());
            } else if (d.size() == 1 && d.containsKey("%l")) {
                return Value.list(d.getArray("%l").stream().map(MongoBaseline::value).toList());
            }
            Map<String, Value> m = new HashMap<>();
            d.forEach((k, e) -> m.put(k, value(e)));
            return Value.map(m);
        }
        return Value.nullValue();
    }

    static Item item(BsonDocument doc) {
        BsonDocument id = doc.getDocument("_id");
        Map<String, Value> attributes = new HashMap<>();
        doc.getDocument("a").forEach((name, v) -> attributes.put(name, value(v)));
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
