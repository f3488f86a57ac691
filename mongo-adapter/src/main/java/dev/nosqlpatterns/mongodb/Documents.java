package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.internal.Segments;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The stored form of an item: one document per item in the collection of its logical table.
 * <pre>
 * { _id: { p: partition, s: sortKey (see SortKeys) },
 *   h: 31-bit hash of the partition (scan segments),
 *   v: random version, new on every write (compare-and-set),
 *   z: upper bound of the BSON bytes of a's fields (size checks of in-place updates),
 *   a: { attribute: value, ... } (escaped names, see FieldNames and Values),
 *   x: the expiry date of an expiring item (the field of the TTL index) }
 * </pre>
 * The compound {@code _id} makes the primary index the partition's order: {@code _id} documents compare
 * field by field, so a partition is the range from {@code {p}} to {@code {p, s: MaxKey}} and a sort-key
 * range is a range of {@code _id}s. Attributes live under {@code a} so that no name can collide with
 * these fields.
 */
final class Documents {
    static final String ID = "_id";
    static final String PARTITION = "p";
    static final String SORT = "s";
    static final String HASH = "h";
    static final String VERSION = "v";
    static final String SIZE = "z";
    static final String ATTRIBUTES = "a";
    /**
     * The date an expiring item expires ({@link dev.nosqlpatterns.item.Expiry}), absent on the others: the
     * field of the table's TTL index, so that MongoDB's TTL monitor deletes the document (about once a minute).
     */
    static final String EXPIRES = "x";
    /** The name of the TTL index on {@link #EXPIRES}. */
    static final String EXPIRY_INDEX = "nosqlpatterns_expiry";

    private Documents() {
    }

    static BsonDocument id(Key key) {
        return new BsonDocument(PARTITION, new BsonString(key.partition()))
                .append(SORT, new BsonString(SortKeys.encode(key.sort())));
    }

    /** An {@code _id} bound inside a partition: {@code {p, s}}, or {@code {p}} (below every item) when sort is null. */
    static BsonDocument bound(String partition, BsonValue storedSort) {
        BsonDocument b = new BsonDocument(PARTITION, new BsonString(partition));
        return storedSort == null ? b : b.append(SORT, storedSort);
    }

    static BsonDocument idFilter(Key key) {
        return new BsonDocument(ID, id(key));
    }

    static int hash(String partition) {
        return Segments.hash(partition) & 0x7fffffff;
    }

    static long newVersion() {
        return ThreadLocalRandom.current().nextLong();
    }

    /** The whole document of an item, with a fresh version. */
    static BsonDocument of(Item item) {
        BsonDocument attributes = Values.document(item.attributes());
        BsonDocument doc = new BsonDocument(ID, id(item.key()))
                .append(HASH, new BsonInt32(hash(item.key().partition())))
                .append(VERSION, new BsonInt64(newVersion()))
                .append(SIZE, new BsonInt64(BsonSizes.fields(attributes)))
                .append(ATTRIBUTES, attributes);
        dev.nosqlpatterns.item.Expiry.millis(item).ifPresent(at -> doc.append(EXPIRES, new org.bson.BsonDateTime(at)));
        return doc;
    }

    static Key key(BsonDocument doc) {
        BsonDocument id = doc.getDocument(ID);
        return Key.of(id.getString(PARTITION).getValue(), SortKeys.decode(id.getString(SORT).getValue()));
    }

    static Item item(BsonDocument doc) {
        Map<String, Value> attributes = new LinkedHashMap<>();
        BsonValue a = doc.get(ATTRIBUTES);
        if (a != null && a.isDocument()) {
            a.asDocument().forEach((field, v) -> Values.decode(v)
                    .ifPresent(value -> attributes.put(FieldNames.unescape(field), value)));
        }
        return new Item(key(doc), attributes);
    }

    /** The bytes of the key's strings, as the item size counts them. */
    static int keyBytes(Key key) {
        return key.partition().getBytes(StandardCharsets.UTF_8).length + key.sort().getBytes(StandardCharsets.UTF_8).length;
    }
}
