package dev.nosqlpatterns.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.WriteModel;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Single-item writes with their conditions as filters, updates in place with a compare-and-set
 * fallback, and unordered bulk writes for batches.
 */
final class Writes {
    /**
     * Most writes in one bulk request, when the server takes as many in one write command: enough that a
     * batch of tens of thousands of items is a few round trips, few enough to bound the memory of one.
     */
    static final int WRITES_PER_BULK = 10_000;
    /** Most bytes of documents in one bulk request, well within the server's largest message. */
    static final long BYTES_PER_BULK = 8L * 1024 * 1024;
    private static final int MAX_ATTEMPTS = 200;

    private final Tables tables;
    private final Reads reads;
    private final Sizes sizes;
    /** Most writes per bulk request: at most what the server takes in one write command, so one is a round trip. */
    private final int writesPerBulk;

    Writes(Tables tables, Reads reads, Sizes sizes, int writesPerBulk) {
        this.tables = tables;
        this.reads = reads;
        this.sizes = sizes;
        this.writesPerBulk = writesPerBulk;
    }

    void put(Write.Put put, CostMeter meter) {
        BsonDocument doc = sizes.checked(put.table(), put.item());
        MongoCollection<BsonDocument> c = tables.collection(put.table());
        meter.roundTrip();
        Condition condition = put.condition();
        if (condition instanceof Condition.Absent) {
            insertOrFail(c, doc, put.table(), put.key(), condition);
            return;
        }
        boolean upsert = condition instanceof Condition.None;
        BsonDocument filter = Conditions.addTo(Documents.idFilter(put.key()), condition);
        if (c.replaceOne(filter, doc, new ReplaceOptions().upsert(upsert)).getMatchedCount() == 0 && !upsert) {
            throw new ConditionFailedException(put.table(), put.key(), condition);
        }
    }

    void delete(Write.Delete delete, CostMeter meter) {
        MongoCollection<BsonDocument> c = tables.collection(delete.table());
        Condition condition = delete.condition();
        if (condition instanceof Condition.Absent) {
            if (reads.document(delete.table(), delete.key(), meter).isPresent()) {
                throw new ConditionFailedException(delete.table(), delete.key(), condition);
            }
            return;
        }
        meter.roundTrip();
        BsonDocument filter = Conditions.addTo(Documents.idFilter(delete.key()), condition);
        if (c.deleteOne(filter).getDeletedCount() == 0 && Conditions.needsItem(condition)) {
            throw new ConditionFailedException(delete.table(), delete.key(), condition);
        }
    }

    /** In place when possible; otherwise, or when a guard refuses, by read, exact apply and compare-and-set. */
    Item update(Write.Update u, CostMeter meter) {
        if (u.condition() instanceof Condition.Absent) {
            Item after = Updates.apply(Optional.empty(), u);
            meter.roundTrip();
            insertOrFail(tables.collection(u.table()), sizes.checked(u.table(), after), u.table(), u.key(), u.condition());
            return after;
        }
        Optional<UpdatePlan> plan = UpdatePlan.of(u, sizes.maxItemBytes());
        if (plan.isPresent()) {
            Optional<Item> done = inPlace(u, plan.get(), meter);
            if (done.isPresent()) {
                return done.get();
            }
        }
        return compareAndSet(u, meter);
    }

    private Optional<Item> inPlace(Write.Update u, UpdatePlan plan, CostMeter meter) {
        MongoCollection<BsonDocument> c = tables.collection(u.table());
        BsonDocument before;
        meter.roundTrip();
        try {
            before = c.findOneAndUpdate(plan.filter(), plan.update(), new FindOneAndUpdateOptions()
                    .upsert(plan.upsert()).returnDocument(ReturnDocument.BEFORE));
        } catch (MongoWriteConcernException e) {
            throw e;
        } catch (MongoCommandException | MongoWriteException e) {
            // A guard failed on an existing item (duplicate _id on upsert), or the server refused the
            // operation as a whole (e.g. a sum Decimal128 cannot hold exactly): nothing was written.
            return Optional.empty();
        }
        if (before == null && !plan.upsert()) {
            return Optional.empty();
        }
        Optional<Item> current = before == null ? Optional.empty() : Optional.of(Reads.item(before, u.table()));
        Item after = Updates.apply(current, u);
        tidy(u, current, after, plan.version(), meter);
        return Optional.of(after);
    }

    /**
     * Work after an in-place update: unsets sets that {@code $pull} emptied (reads already treat them as
     * absent), and rewrites exactly a sum that Decimal128 had to round (over 34 digits).
     */
    private void tidy(Write.Update u, Optional<Item> before, Item after, long version, CostMeter meter) {
        MongoCollection<BsonDocument> c = tables.collection(u.table());
        boolean rounded = false;
        for (UpdateAction action : u.actions()) {
            String name = action.attribute();
            if (action instanceof UpdateAction.RemoveFromSet r && !after.has(name)
                    && before.map(b -> b.has(name)).orElse(false)) {
                meter.roundTrip();
                String path = FieldNames.path(name);
                c.updateOne(Documents.idFilter(u.key()).append(path + "." + Values.setMarker(r.members()),
                                new BsonDocument("$size", new BsonInt32(0))),
                        new BsonDocument("$unset", new BsonDocument(path, new BsonString(""))));
            }
            if (action instanceof UpdateAction.Add) {
                rounded |= after.getNumber(name).flatMap(Values::decimal).isEmpty();
            }
        }
        if (rounded) {
            meter.roundTrip();
            c.replaceOne(Documents.idFilter(u.key()).append(Documents.VERSION, new BsonInt64(version)),
                    sizes.checked(u.table(), after));
        }
    }

    private Item compareAndSet(Write.Update u, CostMeter meter) {
        MongoCollection<BsonDocument> c = tables.collection(u.table());
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<BsonDocument> doc = reads.document(u.table(), u.key(), meter);
            Optional<Item> current = doc.map(d -> Reads.item(d, u.table()));
            if (!u.condition().test(current)) {
                throw new ConditionFailedException(u.table(), u.key(), u.condition());
            }
            Item after = Updates.apply(current, u);
            BsonDocument next = sizes.checked(u.table(), after);
            meter.roundTrip();
            if (doc.isEmpty()) {
                try {
                    c.insertOne(next);
                    return after;
                } catch (MongoException e) {
                    if (!Failures.isDuplicateKey(e)) {
                        throw e;
                    }
                }
            } else if (c.replaceOne(versionFilter(u.key(), doc.get()), next).getMatchedCount() == 1) {
                return after;
            }
            backOff(attempt);
        }
        throw new StoreUnavailableException("update of table '" + u.table() + "', key " + u.key() + " lost "
                + MAX_ATTEMPTS + " compare-and-set races in a row; retry later", u.table(), u.key(), null);
    }

    /** Matches the document only while it still has the version it was read with. */
    static BsonDocument versionFilter(Key key, BsonDocument read) {
        BsonValue v = read.get(Documents.VERSION);
        return Documents.idFilter(key).append(Documents.VERSION,
                v == null ? new BsonDocument("$exists", BsonBoolean.FALSE) : v);
    }

    /**
     * Puts (replacements, upserting) and deletes of distinct items as unordered bulk writes, one per table
     * and chunk of at most {@code writesPerBulk} writes and {@link #BYTES_PER_BULK} bytes, each one write
     * command per kind of write in it (puts, deletes) and as many round trips. Every item is checked before the first request, so that a bad item
     * fails the batch with nothing written.
     */
    void writeBatch(List<Write> writes, CostMeter meter) {
        Map<String, List<WriteModel<BsonDocument>>> byTable = new LinkedHashMap<>();
        Map<String, List<Long>> sizesByTable = new LinkedHashMap<>();
        for (Write w : writes) {
            List<WriteModel<BsonDocument>> models = byTable.computeIfAbsent(w.table(), t -> new ArrayList<>());
            List<Long> bytes = sizesByTable.computeIfAbsent(w.table(), t -> new ArrayList<>());
            if (w instanceof Write.Put p) {
                BsonDocument doc = sizes.checked(p.table(), p.item());
                models.add(new ReplaceOneModel<>(Documents.idFilter(p.key()), doc, new ReplaceOptions().upsert(true)));
                bytes.add(BsonSizes.document(doc));
            } else {
                models.add(new DeleteOneModel<>(Documents.idFilter(w.key())));
                bytes.add(0L);
            }
        }
        byTable.forEach((table, models) -> {
            List<Long> bytes = sizesByTable.get(table);
            int from = 0;
            long size = 0;
            for (int i = 0; i < models.size(); i++) {
                if (i > from && (i - from >= writesPerBulk || size + bytes.get(i) > BYTES_PER_BULK)) {
                    bulk(table, models.subList(from, i), meter);
                    from = i;
                    size = 0;
                }
                size += bytes.get(i);
            }
            bulk(table, models.subList(from, models.size()), meter);
        });
    }

    /**
     * One unordered bulk write: the driver sends its replacements in one update command and its deletes in
     * one delete command, one after the other, each a round trip.
     */
    private void bulk(String table, List<WriteModel<BsonDocument>> models, CostMeter meter) {
        boolean replaces = models.stream().anyMatch(m -> m instanceof ReplaceOneModel);
        boolean deletes = models.stream().anyMatch(m -> m instanceof DeleteOneModel);
        if (!replaces && !deletes) {
            return;
        }
        meter.roundTrips((replaces ? 1 : 0) + (deletes ? 1 : 0));
        tables.collection(table).bulkWrite(models, new BulkWriteOptions().ordered(false));
    }

    private static void insertOrFail(MongoCollection<BsonDocument> c, BsonDocument doc, String table, Key key,
                                     Condition condition) {
        try {
            c.insertOne(doc);
        } catch (MongoException e) {
            if (Failures.isDuplicateKey(e)) {
                throw new ConditionFailedException(table, key, condition);
            }
            throw e;
        }
    }

    private static void backOff(int attempt) {
        if (attempt < 3) {
            return;
        }
        try {
            Thread.sleep(ThreadLocalRandom.current().nextInt(1, 2 + Math.min(attempt, 20)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while retrying an update", null, null, e);
        }
    }
}
