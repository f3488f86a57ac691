package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * An update applied in place by one {@code findOneAndUpdate}: {@code $set}, {@code $unset}, {@code $inc},
 * {@code $addToSet} and {@code $pull} on the attributes, with guards in the filter so that the server
 * changes nothing when the reference semantics would refuse or differ.
 *
 * <p>Guards: the condition; each added-to attribute is absent or a Decimal128; each set attribute is
 * absent or a set of the same type; and the item's size bound {@code z} plus the most the actions can
 * add stays within the item limit. When a guard fails on an existing item the server matches nothing
 * (an upsert then hits the {@code _id} and reports a duplicate key) and the caller falls back to a
 * read, an exact check and a compare-and-set.
 */
record UpdatePlan(BsonDocument filter, BsonDocument update, boolean upsert, long version) {

    /**
     * The in-place form of {@code u}, or empty when it has none: an {@code ifAbsent} update (an insert
     * does it), a delta that is not an exact Decimal128, or actions that could outgrow the limit.
     */
    static Optional<UpdatePlan> of(Write.Update u, long maxItemBytes) {
        if (u.condition() instanceof Condition.Absent) {
            return Optional.empty();
        }
        BsonDocument set = new BsonDocument();
        BsonDocument unset = new BsonDocument();
        BsonDocument inc = new BsonDocument();
        BsonDocument addToSet = new BsonDocument();
        BsonDocument pull = new BsonDocument();
        List<BsonValue> guards = new ArrayList<>();
        long growth = 0;
        for (UpdateAction action : u.actions()) {
            String field = FieldNames.escape(action.attribute());
            String path = Documents.ATTRIBUTES + "." + field;
            if (action instanceof UpdateAction.Set s) {
                BsonValue v = Values.encode(s.value());
                set.append(path, v);
                growth += BsonSizes.element(field, v);
            } else if (action instanceof UpdateAction.Remove) {
                unset.append(path, new BsonString(""));
            } else if (action instanceof UpdateAction.Add a) {
                Optional<Decimal128> delta = Values.decimal(new Value.Num(a.delta()).value());
                if (delta.isEmpty()) {
                    return Optional.empty();
                }
                inc.append(path, new BsonDecimal128(delta.get()));
                guards.add(absentOr(path, new BsonDocument(path, new BsonDocument("$type", new BsonString("decimal")))));
                growth += BsonSizes.element(field, new BsonDecimal128(delta.get()));
            } else if (action instanceof UpdateAction.AddToSet a) {
                String members = path + "." + Values.setMarker(a.members());
                BsonArray values = Values.members(a.members());
                addToSet.append(members, new BsonDocument("$each", values));
                guards.add(absentOr(path, new BsonDocument(members, new BsonDocument("$exists", BsonBoolean.TRUE))));
                growth += setGrowth(field, values);
            } else if (action instanceof UpdateAction.RemoveFromSet r) {
                String members = path + "." + Values.setMarker(r.members());
                pull.append(members, new BsonDocument("$in", Values.members(r.members())));
                guards.add(absentOr(path, new BsonDocument(members, new BsonDocument("$exists", BsonBoolean.TRUE))));
            }
        }
        long budget = maxItemBytes - Documents.keyBytes(u.key()) - growth;
        if (budget < 0) {
            return Optional.empty();
        }
        BsonDocument filter = Conditions.addTo(Documents.idFilter(u.key()), u.condition());
        guards.add(new BsonDocument(Documents.SIZE, new BsonDocument("$lte", new BsonInt64(budget))));
        filter.append("$and", new BsonArray(guards));

        long version = Documents.newVersion();
        set.append(Documents.VERSION, new BsonInt64(version));
        BsonDocument update = new BsonDocument("$set", set)
                .append("$inc", inc.append(Documents.SIZE, new BsonInt64(growth)))
                .append("$setOnInsert", new BsonDocument(Documents.HASH, new BsonInt32(Documents.hash(u.key().partition()))));
        if (!unset.isEmpty()) {
            update.append("$unset", unset);
        }
        if (!addToSet.isEmpty()) {
            update.append("$addToSet", addToSet);
        }
        if (!pull.isEmpty()) {
            update.append("$pull", pull);
        }
        boolean upsert = !Conditions.needsItem(u.condition());
        return Optional.of(new UpdatePlan(filter, update, upsert, version));
    }

    private static BsonDocument absentOr(String path, BsonDocument alternative) {
        return new BsonDocument("$or", new BsonArray(List.of(
                new BsonDocument(path, new BsonDocument("$exists", BsonBoolean.FALSE)), alternative)));
    }

    /** The most a {@code $addToSet} can add: a new set field holding every member, at the largest indexes. */
    private static long setGrowth(String field, BsonArray members) {
        long size = 2 + BsonSizes.utf8(field) + 5 + 2 + 3 + 5;
        for (BsonValue m : members) {
            size += 2 + BsonSizes.MAX_INDEX_DIGITS + BsonSizes.value(m);
        }
        return size;
    }
}
