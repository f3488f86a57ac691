package dev.nosqlpatterns.mongodb;

import com.mongodb.client.FindIterable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.capability.IndexQuery;
import dev.nosqlpatterns.store.capability.NativeSecondaryIndexes;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * Native secondary indexes: a MongoDB index per {@link IndexSpec} on {@code (a.partition, a.sort, _id)},
 * partial on the index attributes being present (a sparse index). A read is an equality on the
 * partition attribute, a string range on the sort attribute, ordered by sort attribute then item key;
 * items lacking the sort attribute are left out, as a DynamoDB GSI leaves them out. Cursors hold the
 * last entry's sort value and {@code _id}, bound to the query that issued them.
 */
final class Indexes implements NativeSecondaryIndexes {
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DEC = Base64.getUrlDecoder();

    private final Tables tables;

    Indexes(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Page queryIndex(IndexQuery q, CostMeter meter) {
        IndexSpec index = Errors.call("queryIndex", q.table(), null, () -> tables.index(q.table(), q.index()))
                .orElseThrow(() -> new InvalidRequestException("table '" + q.table() + "' has no index named '"
                        + q.index() + "' (declare it in the table's TableSpec)"));
        if (index.sortAttribute().isEmpty() && !(q.sortCondition() instanceof SortKeyCondition.All)) {
            throw new InvalidRequestException("index '" + q.index() + "' of table '" + q.table()
                    + "' has no sort attribute, so it takes no sort condition (got " + q.sortCondition() + ")");
        }
        String fingerprint = fingerprint(q);
        Optional<BsonDocument> after = q.after().map(c -> decode(c, fingerprint, q));
        BsonDocument filter = filter(index, q, after);
        int dir = q.isDescending() ? -1 : 1;
        BsonDocument sort = new BsonDocument();
        index.sortAttribute().ifPresent(s -> sort.append(FieldNames.path(s), new BsonInt32(dir)));
        sort.append(Documents.ID, new BsonInt32(dir));
        return Errors.call("queryIndex", q.table(), null, () -> {
            FindIterable<BsonDocument> find = tables.collection(q.table()).find(filter).sort(sort).limit(q.limit() + 1);
            List<BsonDocument> docs = Reads.drain(find, q.limit() + 1, meter);
            boolean more = docs.size() > q.limit();
            if (more) {
                meter.extraItemsRead(1);
            }
            List<BsonDocument> page = more ? docs.subList(0, q.limit()) : docs;
            List<Item> items = new ArrayList<>(page.size());
            page.forEach(d -> items.add(Reads.item(d, q.table())));
            Optional<Cursor> next = Optional.empty();
            if (more) {
                BsonDocument last = page.get(page.size() - 1);
                BsonDocument position = new BsonDocument(Documents.ID, last.get(Documents.ID));
                index.sortAttribute().ifPresent(s -> position.append("v", sortValue(last, s)));
                next = Optional.of(encode(position, fingerprint));
            }
            return new Page(items, next);
        });
    }

    static BsonDocument filter(IndexSpec index, IndexQuery q, Optional<BsonDocument> after) {
        BsonDocument filter = Conditions.equality(new BsonDocument(), FieldNames.path(index.partitionAttribute()),
                q.partitionValue());
        List<BsonValue> and = new ArrayList<>();
        if (index.sortAttribute().isPresent()) {
            String path = FieldNames.path(index.sortAttribute().get());
            BsonDocument range = new BsonDocument("$exists", BsonBoolean.TRUE);
            q.sortCondition().lower().ifPresent(b -> range.append(b.inclusive() ? "$gte" : "$gt", new BsonString(b.value())));
            q.sortCondition().upper().ifPresent(b -> range.append(b.inclusive() ? "$lte" : "$lt", new BsonString(b.value())));
            and.add(new BsonDocument(path, range));
            after.ifPresent(a -> and.add(new BsonDocument("$or", new BsonArray(List.of(
                    new BsonDocument(path, new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get("v"))),
                    new BsonDocument(path, a.get("v")).append(Documents.ID,
                            new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get(Documents.ID))))))));
        } else {
            after.ifPresent(a -> and.add(new BsonDocument(Documents.ID,
                    new BsonDocument(q.isDescending() ? "$lt" : "$gt", a.get(Documents.ID)))));
        }
        if (!and.isEmpty()) {
            filter.append("$and", new BsonArray(and));
        }
        return filter;
    }

    private static BsonValue sortValue(BsonDocument doc, String attribute) {
        BsonDocument a = doc.getDocument(Documents.ATTRIBUTES, new BsonDocument());
        return a.get(FieldNames.escape(attribute), new BsonString(""));
    }

    private static Cursor encode(BsonDocument position, String fingerprint) {
        RawBsonDocument raw = new RawBsonDocument(position, new BsonDocumentCodec());
        ByteBuffer buffer = raw.getByteBuffer().asNIO();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return new Cursor("i." + fingerprint + "." + ENC.encodeToString(bytes));
    }

    private static BsonDocument decode(Cursor cursor, String fingerprint, IndexQuery q) {
        String[] parts = cursor.token().split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals("i") || !parts[1].equals(fingerprint)) {
            throw new InvalidRequestException("cursor " + cursor + " was not issued by this query of index '"
                    + q.index() + "' on table '" + q.table() + "'");
        }
        try {
            return new RawBsonDocument(DEC.decode(parts[2])).decode(new BsonDocumentCodec());
        } catch (RuntimeException e) {
            throw new InvalidRequestException("cursor " + cursor + " is damaged: " + e.getMessage());
        }
    }

    private static String fingerprint(IndexQuery q) {
        String s = q.table() + '\u0001' + q.index() + '\u0001' + q.partitionValue() + '\u0001' + q.sortCondition()
                + '\u0001' + q.direction();
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return Long.toHexString(h);
    }
}
