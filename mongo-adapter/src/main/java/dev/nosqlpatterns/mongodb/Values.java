package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Attribute values as BSON, natural where BSON has an exact equivalent and marked where it does not.
 *
 * <p>Strings, binaries, booleans and null are themselves; numbers are Decimal128 (exact, compared
 * numerically by the server, and what {@code $inc} adds), or {@code {"%n": "1.2E+40"}} past Decimal128's
 * 34 digits; maps are documents with escaped field names. Sets and lists are one-field documents around
 * an array, {@code {"%ss": [...]}}, {@code {"%ns": [...]}}, {@code {"%l": [...]}}: so a string set is
 * told from a list, and no top-level attribute is ever an array, which keeps equality filters exact
 * (MongoDB matches {@code {a: "x"}} against any array holding "x").
 */
final class Values {
    static final String STRING_SET = "%ss";
    static final String NUMBER_SET = "%ns";
    static final String LIST = "%l";
    static final String BIG_NUMBER = "%n";

    private Values() {
    }

    static BsonValue encode(Value value) {
        if (value instanceof Value.Str s) {
            return new BsonString(s.value());
        } else if (value instanceof Value.Num n) {
            return number(n.value());
        } else if (value instanceof Value.Bin b) {
            return new BsonBinary(b.value());
        } else if (value instanceof Value.Bool b) {
            return BsonBoolean.valueOf(b.value());
        } else if (value instanceof Value.Null) {
            return BsonNull.VALUE;
        } else if (value instanceof Value.StrSet s) {
            return new BsonDocument(STRING_SET, members(value));
        } else if (value instanceof Value.NumSet) {
            return new BsonDocument(NUMBER_SET, members(value));
        } else if (value instanceof Value.ListValue l) {
            BsonArray array = new BsonArray(new ArrayList<>(l.value().size()));
            l.value().forEach(v -> array.add(encode(v)));
            return new BsonDocument(LIST, array);
        } else if (value instanceof Value.MapValue m) {
            return document(m.value());
        }
        throw new IllegalArgumentException("unknown value type " + value.getClass());
    }

    /** Attributes as a document with escaped names, in one fixed order so that equal maps are equal documents. */
    static BsonDocument document(Map<String, Value> attributes) {
        TreeMap<String, BsonValue> sorted = new TreeMap<>();
        attributes.forEach((name, v) -> sorted.put(FieldNames.escape(name), encode(v)));
        BsonDocument doc = new BsonDocument();
        sorted.forEach(doc::append);
        return doc;
    }

    /** A set's members as a sorted array: the form {@code $addToSet}, {@code $pull} and {@code $all} take. */
    static BsonArray members(Value set) {
        List<BsonValue> out = new ArrayList<>();
        if (set instanceof Value.StrSet s) {
            s.value().stream().sorted().forEach(m -> out.add(new BsonString(m)));
        } else if (set instanceof Value.NumSet n) {
            n.value().stream().sorted().forEach(m -> out.add(number(m)));
        } else {
            throw new IllegalArgumentException("not a set: " + set.type());
        }
        return new BsonArray(out);
    }

    /** The marker field of a set type. */
    static String setMarker(Value set) {
        return set instanceof Value.StrSet ? STRING_SET : NUMBER_SET;
    }

    static BsonValue number(BigDecimal n) {
        BigDecimal normalized = new Value.Num(n).value();
        return decimal(normalized).<BsonValue>map(BsonDecimal128::new)
                .orElseGet(() -> new BsonDocument(BIG_NUMBER, new BsonString(normalized.toString())));
    }

    /** The number as an exact Decimal128, when it has one. */
    static Optional<Decimal128> decimal(BigDecimal n) {
        try {
            return Optional.of(new Decimal128(n));
        } catch (NumberFormatException | ArithmeticException tooPrecise) {
            return Optional.empty();
        }
    }

    /** The value a stored BSON value stands for; empty for an emptied set, which counts as absent. */
    static Optional<Value> decode(BsonValue bson) {
        switch (bson.getBsonType()) {
            case STRING:
                return Optional.of(Value.of(bson.asString().getValue()));
            case DECIMAL128:
                return Optional.of(Value.of(toBigDecimal(bson.asDecimal128().getValue())));
            case INT32:
                return Optional.of(Value.of(bson.asInt32().getValue()));
            case INT64:
                return Optional.of(Value.of(bson.asInt64().getValue()));
            case DOUBLE:
                return Optional.of(Value.of(bson.asDouble().getValue()));
            case BINARY:
                return Optional.of(Value.of(bson.asBinary().getData()));
            case BOOLEAN:
                return Optional.of(Value.of(bson.asBoolean().getValue()));
            case NULL:
                return Optional.of(Value.nullValue());
            case ARRAY:
                return Optional.of(list(bson.asArray()));
            case DOCUMENT:
                return marked(bson.asDocument());
            default:
                throw new IllegalArgumentException("a stored attribute has the unsupported BSON type " + bson.getBsonType());
        }
    }

    private static Optional<Value> marked(BsonDocument doc) {
        if (doc.size() == 1) {
            String field = doc.getFirstKey();
            BsonValue inner = doc.get(field);
            switch (field) {
                case STRING_SET: {
                    Set<String> members = new HashSet<>();
                    inner.asArray().forEach(m -> members.add(m.asString().getValue()));
                    return members.isEmpty() ? Optional.empty() : Optional.of(Value.stringSet(members));
                }
                case NUMBER_SET: {
                    Set<BigDecimal> members = new HashSet<>();
                    inner.asArray().forEach(m -> members.add(((Value.Num) required(m)).value()));
                    return members.isEmpty() ? Optional.empty() : Optional.of(Value.numberSet(members));
                }
                case LIST:
                    return Optional.of(list(inner.asArray()));
                case BIG_NUMBER:
                    return Optional.of(Value.of(new BigDecimal(inner.asString().getValue())));
                default:
                    break;
            }
        }
        Map<String, Value> entries = new LinkedHashMap<>();
        doc.forEach((field, v) -> decode(v).ifPresent(value -> entries.put(FieldNames.unescape(field), value)));
        return Optional.of(Value.map(entries));
    }

    private static Value list(BsonArray array) {
        List<Value> elements = new ArrayList<>(array.size());
        array.forEach(e -> elements.add(required(e)));
        return Value.list(elements);
    }

    private static Value required(BsonValue bson) {
        return decode(bson).orElseThrow(() -> new IllegalArgumentException("an empty set inside a list or set"));
    }

    private static BigDecimal toBigDecimal(Decimal128 d) {
        if (d.isNaN() || d.isInfinite()) {
            throw new IllegalArgumentException("a stored number is " + d + ", which no value can hold");
        }
        try {
            return d.bigDecimalValue();
        } catch (ArithmeticException negativeZero) {
            return BigDecimal.ZERO;
        }
    }
}
