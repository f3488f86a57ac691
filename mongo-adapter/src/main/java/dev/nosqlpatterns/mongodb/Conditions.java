package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Conditions as query filters on the item's document, so the server checks them atomically with the write.
 *
 * <p>Equality must be exact: a null must be a stored null (not a missing field), sets compare as sets
 * (same members in any order: {@code $all} plus {@code $size}), numbers numerically, everything else as
 * the canonical BSON {@link Values} writes. No top-level attribute is stored as an array, so MongoDB's
 * "any element matches" rule never applies.
 */
final class Conditions {
    private Conditions() {
    }

    /** Adds the filter of an {@code attributeEquals} condition to {@code filter}; other conditions add nothing. */
    static BsonDocument addTo(BsonDocument filter, Condition condition) {
        if (condition instanceof Condition.AttributeEquals eq) {
            equality(filter, FieldNames.path(eq.name()), eq.value());
        }
        return filter;
    }

    /** Adds to {@code filter} the clause "the field at {@code path} holds exactly {@code v}". */
    static BsonDocument equality(BsonDocument filter, String path, Value v) {
        if (v instanceof Value.Null) {
            filter.append(path, new BsonDocument("$type", new BsonString("null")));
        } else if (v instanceof Value.StrSet || v instanceof Value.NumSet) {
            BsonArray members = Values.members(v);
            filter.append(path + "." + Values.setMarker(v),
                    new BsonDocument("$all", members).append("$size", new BsonInt32(members.size())));
        } else {
            filter.append(path, Values.encode(v));
        }
        return filter;
    }

    /** True when the write must find an existing item to apply to (the server then matches nothing otherwise). */
    static boolean needsItem(Condition condition) {
        return condition instanceof Condition.Exists || condition instanceof Condition.AttributeEquals;
    }
}
