package dev.nosqlpatterns.benchmarks.overhead;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.WriteModel;
import dev.nosqlpatterns.item.Item;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * A bulk load with the MongoDB sync driver on the MongoDB adapter's layout (see {@link MongoBaseline}): one
 * unordered {@code bulkWrite} of inserts per collection and chunk, the unique index table's first. A unique
 * entry is claimed by its {@code _id}: the insert of one already taken fails with a duplicate-key error, and
 * then no item of the chunk is written. The driver sends each bulk write as one request (a chunk of a few
 * thousand small documents is far below its 100,000-document and 48 MB limits).
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
    public String how() {
        return "one unordered bulkWrite of inserts per collection and chunk; unique entries by _id, first";
    }

    @Override
    public void close() {
        mongo.close();
    }
}
