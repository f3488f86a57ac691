package dev.nosqlpatterns.mongodb;

import com.mongodb.ReadConcern;
import com.mongodb.TransactionOptions;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.ReplaceOptions;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * Multi-item atomic writes as one multi-document transaction (replica sets and sharded clusters only):
 * each item is read in the transaction's snapshot, its condition checked, and its new state written.
 * A concurrent change to an item this transaction writes is a write conflict, which the driver retries
 * as a whole. A {@link Write.Check} rewrites the checked item's version so that it conflicts too.
 */
final class Transactions {
    private static final TransactionOptions OPTIONS = TransactionOptions.builder()
            .readConcern(ReadConcern.SNAPSHOT).writeConcern(WriteConcern.MAJORITY).build();

    private final MongoClient client;
    private final Tables tables;
    private final Sizes sizes;

    Transactions(MongoClient client, Tables tables, Sizes sizes) {
        this.client = client;
        this.tables = tables;
        this.sizes = sizes;
    }

    void write(List<Write> writes, CostMeter meter) {
        try (ClientSession session = client.startSession()) {
            session.withTransaction(() -> {
                for (int i = 0; i < writes.size(); i++) {
                    apply(session, writes.get(i), i, meter);
                }
                meter.roundTrip();
                return null;
            }, OPTIONS);
        }
    }

    private void apply(ClientSession session, Write w, int index, CostMeter meter) {
        MongoCollection<BsonDocument> c = tables.collection(w.table());
        BsonDocument id = Documents.idFilter(w.key());
        meter.roundTrip();
        Optional<Item> current = Optional.ofNullable(c.find(session, id).first()).map(d -> Reads.item(d, w.table()));
        if (!w.condition().test(current)) {
            throw new ConditionFailedException(w.table(), w.key(), w.condition(), index);
        }
        if (w instanceof Write.Put p) {
            meter.roundTrip();
            c.replaceOne(session, id, sizes.checked(w.table(), p.item()), new ReplaceOptions().upsert(true));
        } else if (w instanceof Write.Update u) {
            meter.roundTrip();
            c.replaceOne(session, id, sizes.checked(w.table(), Updates.apply(current, u)), new ReplaceOptions().upsert(true));
        } else if (w instanceof Write.Delete && current.isPresent()) {
            meter.roundTrip();
            c.deleteOne(session, id);
        } else if (w instanceof Write.Check && current.isPresent()) {
            meter.roundTrip();
            c.updateOne(session, id, new BsonDocument("$set",
                    new BsonDocument(Documents.VERSION, new BsonInt64(Documents.newVersion()))));
        }
    }
}
