package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.model.Footprint;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * MongoDB's own figures for a table's collection, from {@code collStats}. A server with a storage engine
 * (WiredTiger) reports {@code storageSize} (the collection's blocks on disk, compressed) and
 * {@code totalIndexSize}: their sum, which grows as checkpoints write the cache out, hence
 * {@link Accuracy#LAGGING}. A server that reports no storage size (the in-process wire-protocol server)
 * gives {@code size}, the BSON bytes of the documents, without indexes.
 */
final class MongoFootprint implements StorageFootprint {
    private final Tables tables;

    MongoFootprint(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Footprint footprint(String table, CostMeter meter) {
        meter.roundTrip();
        TableSpec.checkName(table);
        String collection = tables.collection(table).getNamespace().getCollectionName();
        BsonDocument stats = Failures.call("footprint", table, null, () -> {
            boolean exists = tables.database().listCollectionNames().filter(new BsonDocument("name",
                    new BsonString(collection))).first() != null;
            return exists ? tables.database().runCommand(new BsonDocument("collStats", new BsonString(collection)),
                    BsonDocument.class) : null;
        });
        if (stats == null) {
            throw new TableNotFoundException(table);
        }
        long storage = number(stats.get("storageSize"));
        if (storage > 0) {
            return new Footprint(table, storage + number(stats.get("totalIndexSize")), "MongoDB collStats storageSize"
                    + " + totalIndexSize of the table's collection (compressed blocks on disk; grows at checkpoints)", Footprint.Accuracy.LAGGING, false);
        }
        return new Footprint(table, number(stats.get("size")), "MongoDB collStats size of the table's collection"
                + " (BSON bytes of the documents; the server reports no storage or index bytes)", Footprint.Accuracy.EXACT, false);
    }

    private static long number(BsonValue value) {
        return value != null && value.isNumber() ? value.asNumber().longValue() : 0;
    }
}
