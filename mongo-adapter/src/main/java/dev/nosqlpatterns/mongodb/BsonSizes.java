package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Encoded BSON sizes, computed without encoding, to refuse oversized documents before sending them. */
final class BsonSizes {
    /** Most digits of an array index in a document under 16 MiB, for size bounds of appended elements. */
    static final int MAX_INDEX_DIGITS = 8;

    private BsonSizes() {
    }

    /** Bytes of a whole document: length, fields, terminator. */
    static long document(BsonDocument doc) {
        return 5 + fields(doc);
    }

    /** Bytes of a document's fields alone. */
    static long fields(BsonDocument doc) {
        long size = 0;
        for (Map.Entry<String, BsonValue> e : doc.entrySet()) {
            size += element(e.getKey(), e.getValue());
        }
        return size;
    }

    /** Bytes of one field: type, name, value. */
    static long element(String name, BsonValue value) {
        return 2 + utf8(name) + value(value);
    }

    static long value(BsonValue v) {
        switch (v.getBsonType()) {
            case STRING:
                return 5 + utf8(v.asString().getValue());
            case DECIMAL128:
                return 16;
            case INT32:
                return 4;
            case INT64:
            case DOUBLE:
            case DATE_TIME:
            case TIMESTAMP:
                return 8;
            case BINARY:
                return 5 + v.asBinary().getData().length;
            case BOOLEAN:
                return 1;
            case NULL:
            case MIN_KEY:
            case MAX_KEY:
            case UNDEFINED:
                return 0;
            case OBJECT_ID:
                return 12;
            case DOCUMENT:
                return document(v.asDocument());
            case ARRAY: {
                BsonArray array = v.asArray();
                long size = 5;
                for (int i = 0; i < array.size(); i++) {
                    size += 2 + Integer.toString(i).length() + value(array.get(i));
                }
                return size;
            }
            default:
                throw new IllegalArgumentException("no size for BSON type " + v.getBsonType());
        }
    }

    static long utf8(String s) {
        return Utf8Order.utf8Length(s);
    }
}
