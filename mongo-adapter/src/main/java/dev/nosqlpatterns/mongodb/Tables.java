package dev.nosqlpatterns.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Logical tables as collections of one database: table {@code t} is collection {@code prefix + t}.
 * Collections are read from the primary and written with an acknowledged write concern whatever the
 * client's defaults, since conditions and read-your-writes need both.
 */
final class Tables {
    private static final int NAMESPACE_EXISTS = 48;

    private final MongoDatabase db;
    private final String prefix;
    private final Map<String, MongoCollection<BsonDocument>> collections = new ConcurrentHashMap<>();
    private final Map<String, TableSpec> specs = new ConcurrentHashMap<>();

    Tables(MongoDatabase db, String prefix) {
        WriteConcern wc = db.getWriteConcern();
        this.db = db.withReadPreference(ReadPreference.primary())
                .withWriteConcern(wc.isAcknowledged() ? wc : WriteConcern.ACKNOWLEDGED);
        this.prefix = prefix;
    }

    MongoDatabase database() {
        return db;
    }

    MongoCollection<BsonDocument> collection(String table) {
        return collections.computeIfAbsent(table, t -> db.getCollection(prefix + t, BsonDocument.class));
    }

    /** A collection of the adapter's own, named so no table can have its name (tables start with a letter). */
    MongoCollection<BsonDocument> internal(String name) {
        return collections.computeIfAbsent("_" + name, t -> db.getCollection(prefix + t, BsonDocument.class));
    }

    String internalName(String name) {
        return prefix + "_" + name;
    }

    /** Creates the collection and the table's indexes; returns the requests sent. */
    int create(TableSpec spec) {
        int requests = 1;
        try {
            db.createCollection(prefix + spec.name());
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != NAMESPACE_EXISTS) {
                throw e;
            }
        }
        collection(spec.name()).createIndex(new BsonDocument(Documents.EXPIRES, new org.bson.BsonInt32(1)),
                new IndexOptions().name(Documents.EXPIRY_INDEX).expireAfter(0L, java.util.concurrent.TimeUnit.SECONDS));
        requests++;
        for (IndexSpec index : spec.indexes()) {
            BsonDocument present = new BsonDocument();
            index.attributes().forEach(a -> present.append(FieldNames.path(a), new BsonDocument("$exists", BsonBoolean.TRUE)));
            collection(spec.name()).createIndex(indexKeys(index),
                    new IndexOptions().name(index.name()).partialFilterExpression(present));
            requests++;
        }
        specs.put(spec.name(), spec);
        return requests;
    }

    void drop(String table) {
        collection(table).drop();
        specs.remove(table);
    }

    /** The index {@code name} of a table: as declared to this store, else as the collection's index list says. */
    Optional<IndexSpec> index(String table, String name) {
        TableSpec spec = specs.get(table);
        if (spec != null) {
            return spec.indexes().stream().filter(i -> i.name().equals(name)).findFirst();
        }
        for (BsonDocument info : collection(table).listIndexes(BsonDocument.class)) {
            if (info.isString("name") && info.getString("name").getValue().equals(name) && info.isDocument("key")) {
                return fromKeys(name, info.getDocument("key"));
            }
        }
        return Optional.empty();
    }

    /** The spec an index key made by {@link #indexKeys} stands for. */
    static Optional<IndexSpec> fromKeys(String name, BsonDocument keys) {
        List<String> attributes = new ArrayList<>();
        for (String field : keys.keySet()) {
            if (field.startsWith(Documents.ATTRIBUTES + ".")) {
                attributes.add(FieldNames.unescape(field.substring(Documents.ATTRIBUTES.length() + 1)));
            }
        }
        if (attributes.isEmpty() || attributes.size() > 2) {
            return Optional.empty();
        }
        return Optional.of(new IndexSpec(name, attributes.get(0),
                attributes.size() == 2 ? Optional.of(attributes.get(1)) : Optional.empty()));
    }

    /** The key of an index: partition attribute, sort attribute when there is one, then the item key. */
    static BsonDocument indexKeys(IndexSpec index) {
        BsonDocument keys = new BsonDocument(FieldNames.path(index.partitionAttribute()), new BsonInt32(1));
        index.sortAttribute().ifPresent(s -> keys.append(FieldNames.path(s), new BsonInt32(1)));
        return keys.append(Documents.ID, new BsonInt32(1));
    }
}
