package dev.nosqlpatterns.benchmarks.overhead;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.WriteModel;
import dev.nosqlpatterns.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * A bulk load with the MongoDB sync driver on the MongoDB adapter's layout (see {@link MongoBaseline}): one
 * unordered {@code bulkWrite} of inserts per collection and chunk, the unique index table's first. A unique
 * entry is claimed by its {@code _id}: the insert of one already taken fails with a duplicate-key error, and
 * then no item of the chunk is written. The driver sends each bulk write as one request (a chunk of a few
 * thousand small documents is far below its 100,000-document and 48 MB limits).
 *
 * <p>A scan is one {@code find} of the whole collection read in batches of a page (a {@code getMore} per further
 * batch); a bulk write one unordered {@code bulkWrite} of inserts.
 */
final class MongoLoader implements Loader {
    private final MongoBaseline mongo;

    MongoLoader(String uri) {
        this.mongo = new MongoBaseline(uri);
    }

    @Override
    public long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
                     List<Item> entries) {
        try {
            insert(uniqueTable, uniqueEntries);
        } catch (MongoBulkWriteException e) {
            if (e.getWriteErrors().stream().anyMatch(w -> ErrorCategory.fromErrorCode(w.getCode())
                    == ErrorCategory.DUPLICATE_KEY)) {
                throw new IllegalStateException(e.getWriteErrors().size() + " unique values are taken", e);
            }
            throw e;
        }
        insert(table, items);
        insert(indexTable, entries);
        return 3;
    }

    private void insert(String table, List<Item> items) {
        List<WriteModel<BsonDocument>> inserts = new ArrayList<>(items.size());
        items.forEach(i -> inserts.add(new InsertOneModel<>(MongoBaseline.document(i))));
        mongo.collection(table).bulkWrite(inserts, new BulkWriteOptions().ordered(false));
    }

    @Override
    public long scan(String table, int page, Consumer<List<Item>> each) {
        long requests = 1;
        try (MongoCursor<BsonDocument> cursor = mongo.collection(table).find().batchSize(page).cursor()) {
            List<Item> items = new ArrayList<>(page);
            while (true) {
                if (cursor.available() == 0 && cursor.getServerCursor() != null) {
                    // the batch is read and the server holds more: hasNext sends a getMore
                    requests++;
                    if (!items.isEmpty()) {
                        each.accept(items);
                        items = new ArrayList<>(page);
                    }
                }
                if (!cursor.hasNext()) {
                    break;
                }
                items.add(MongoBaseline.item(cursor.next()));
            }
            if (!items.isEmpty()) {
                each.accept(items);
            }
        }
        return requests;
    }

    @Override
    public long write(String table, List<Item> items) {
        insert(table, items);
        return 1;
    }

    @Override
    public String howScanAndWrite() {
        return "scan: one find in batches of a page (getMore); write: one unordered bulkWrite of inserts per page";
    }

    @Override
    public String how() {
        return "one unordered bulkWrite of inserts per collection and chunk; unique entries by _id, first";
    }

    @Override
    public void close() {
        mongo.close();
    }
}
