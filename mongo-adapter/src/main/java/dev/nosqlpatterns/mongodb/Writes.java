package dev.nosqlpatterns.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.InsertOneModel;
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
        bulkEach(writes, meter);
    }

    /**
     * True when an unordered bulk write tells this write's own outcome: a put if absent (an insert, which a
     * duplicate key refuses), and puts and deletes without a condition (always applied). A write whose condition
     * the server checks as a filter is only counted in the bulk write's totals, so it goes on its own.
     */
    static boolean bulkable(Write w) {
        Condition c = w.condition();
        return c instanceof Condition.None || w instanceof Write.Put && c instanceof Condition.Absent;
    }

    /**
     * Writes of distinct items that are each {@link #bulkable}, as unordered bulk writes, one per table and chunk
     * of at most {@code writesPerBulk} writes and {@link #BYTES_PER_BULK} bytes; each is one write command per
     * kind of write in it (inserts, replacements, deletes) and as many round trips. Every item is checked before
     * the first request, so that a bad item fails the whole call with nothing written. Answers, in the order of
     * the writes, whether each was applied: only a put if absent that found its item is refused. A failure of
     * another kind is thrown once every bulk write has been sent.
     */
    List<Boolean> bulkEach(List<Write> writes, CostMeter meter) {
        Map<String, List<Integer>> byTable = new LinkedHashMap<>();
        List<WriteModel<BsonDocument>> models = new ArrayList<>(writes.size());
        long[] bytes = new long[writes.size()];
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            byTable.computeIfAbsent(w.table(), t -> new ArrayList<>()).add(i);
            if (w instanceof Write.Put p) {
                BsonDocument doc = sizes.checked(p.table(), p.item());
                models.add(p.condition() instanceof Condition.Absent ? new InsertOneModel<>(doc)
                        : new ReplaceOneModel<>(Documents.idFilter(p.key()), doc, new ReplaceOptions().upsert(true)));
                bytes[i] = BsonSizes.document(doc);
            } else {
                models.add(new DeleteOneModel<>(Documents.idFilter(w.key())));
            }
        }
        Boolean[] applied = new Boolean[writes.size()];
        java.util.Arrays.fill(applied, Boolean.TRUE);
        RuntimeException failure = null;
        for (Map.Entry<String, List<Integer>> table : byTable.entrySet()) {
            List<Integer> at = table.getValue();
            int from = 0;
            long size = 0;
            for (int i = 0; i <= at.size(); i++) {
                if (i == at.size() || i > from && (i - from >= writesPerBulk || size + bytes[at.get(i)] > BYTES_PER_BULK)) {
                    try {
                        bulk(table.getKey(), at.subList(from, i), models, applied, meter);
                    } catch (RuntimeException e) {
                        failure = failure == null ? e : failure;
                    }
                    from = i;
                    size = 0;
                }
                if (i < at.size()) {
                    size += bytes[at.get(i)];
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return List.of(applied);
    }

    /**
     * One unordered bulk write of the models at {@code positions}: the driver sends its inserts, replacements and
     * deletes in one command per kind, one after the other, each a round trip. An insert refused by a duplicate
     * key is marked not applied; any other write error is thrown once the others are marked.
     */
    private void bulk(String table, List<Integer> positions, List<WriteModel<BsonDocument>> all, Boolean[] applied,
                      CostMeter meter) {
        if (positions.isEmpty()) {
            return;
        }
        List<WriteModel<BsonDocument>> models = new ArrayList<>(positions.size());
        positions.forEach(i -> models.add(all.get(i)));
        meter.roundTrips((int) models.stream().map(WriteModel::getClass).distinct().count());
        try {
            tables.collection(table).bulkWrite(models, new BulkWriteOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            RuntimeException other = null;
            for (BulkWriteError error : e.getWriteErrors()) {
                int i = positions.get(error.getIndex());
                boolean duplicate = ErrorCategory.fromErrorCode(error.getCode()) == ErrorCategory.DUPLICATE_KEY;
                if (duplicate && all.get(i) instanceof InsertOneModel) {
                    applied[i] = Boolean.FALSE;
                } else {
                    applied[i] = null;
                    other = other == null ? e : other;
                }
            }
            if (other != null || e.getWriteConcernError() != null) {
                throw e;
            }
        }
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
