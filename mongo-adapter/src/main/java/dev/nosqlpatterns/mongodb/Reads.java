package dev.nosqlpatterns.mongodb;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCursor;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.SortKeyCondition.Bound;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonString;

/** Reads: single items, many items by {@code _id}, partition ranges and scan segments, each a range of {@code _id}s. */
final class Reads {
    /** Most ids in one {@code $in} read. */
    static final int IDS_PER_READ = 500;

    private final Tables tables;

    Reads(Tables tables) {
        this.tables = tables;
    }

    Optional<BsonDocument> document(String table, Key key, CostMeter meter) {
        meter.roundTrip();
        return Optional.ofNullable(tables.collection(table).find(Documents.idFilter(key)).limit(1).first());
    }

    Optional<Item> get(String table, Key key, CostMeter meter) {
        return document(table, key, meter).map(d -> item(d, table));
    }

    Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<String, List<ItemRef>> byTable = new LinkedHashMap<>();
        refs.forEach(r -> byTable.computeIfAbsent(r.table(), t -> new ArrayList<>()).add(r));
        Map<ItemRef, Item> found = new HashMap<>();
        for (Map.Entry<String, List<ItemRef>> e : byTable.entrySet()) {
            List<ItemRef> all = e.getValue();
            for (int from = 0; from < all.size(); from += IDS_PER_READ) {
                List<ItemRef> chunk = all.subList(from, Math.min(all.size(), from + IDS_PER_READ));
                BsonArray ids = new BsonArray(new ArrayList<>(chunk.size()));
                chunk.forEach(r -> ids.add(Documents.id(r.key())));
                FindIterable<BsonDocument> find = tables.collection(e.getKey())
                        .find(new BsonDocument(Documents.ID, new BsonDocument("$in", ids)));
                for (BsonDocument d : drain(find, chunk.size(), meter)) {
                    Item item = item(d, e.getKey());
                    found.put(new ItemRef(e.getKey(), item.key()), item);
                }
            }
        }
        Map<ItemRef, Item> ordered = new LinkedHashMap<>();
        refs.forEach(r -> {
            Item item = found.get(r);
            if (item != null) {
                ordered.put(r, item);
            }
        });
        return ordered;
    }

    QueryResult query(KeyQuery q, CostMeter meter) {
        Optional<Bound> lower = q.condition().lower();
        Optional<Bound> upper = q.condition().upper();
        if (q.startAfter().isPresent()) {
            Bound after = new Bound(q.startAfter().get(), false);
            if (q.descending()) {
                upper = Optional.of(upper.map(u -> tighter(u, after, false)).orElse(after));
            } else {
                lower = Optional.of(lower.map(l -> tighter(l, after, true)).orElse(after));
            }
        }
        BsonDocument range = new BsonDocument();
        if (lower.isPresent()) {
            range.append(lower.get().inclusive() ? "$gte" : "$gt",
                    Documents.bound(q.partition(), new BsonString(SortKeys.encode(lower.get().value()))));
        } else {
            range.append("$gt", Documents.bound(q.partition(), null));
        }
        if (upper.isPresent()) {
            range.append(upper.get().inclusive() ? "$lte" : "$lt",
                    Documents.bound(q.partition(), new BsonString(SortKeys.encode(upper.get().value()))));
        } else {
            range.append("$lt", Documents.bound(q.partition(), new BsonMaxKey()));
        }
        if (lower.isPresent() && upper.isPresent() && empty(lower.get(), upper.get())) {
            return new QueryResult(List.of(), false);
        }
        FindIterable<BsonDocument> find = tables.collection(q.table()).find(new BsonDocument(Documents.ID, range))
                .sort(new BsonDocument(Documents.ID, new BsonInt32(q.descending() ? -1 : 1)))
                .limit(q.limit() + 1);
        List<BsonDocument> docs = drain(find, q.limit() + 1, meter);
        boolean more = docs.size() > q.limit();
        if (more) {
            meter.extraItemsRead(1);
            docs = docs.subList(0, q.limit());
        }
        List<Item> items = new ArrayList<>(docs.size());
        docs.forEach(d -> items.add(item(d, q.table())));
        return new QueryResult(items, more);
    }

    ScanResult scan(ScanRequest s, CostMeter meter) {
        return scan(s, null, meter);
    }

    /**
     * A page of a scan of the whole collection, or of the partitions from {@code prefix} to its end alone when
     * there is one: a range of the {@code _id} index, whose first field is the partition.
     */
    ScanResult scan(ScanRequest s, String prefix, CostMeter meter) {
        BsonDocument filter = new BsonDocument();
        if (s.totalSegments() > 1) {
            filter.append(Documents.HASH, new BsonDocument("$mod",
                    new BsonArray(List.of(new BsonInt32(s.totalSegments()), new BsonInt32(s.segment())))));
        }
        BsonDocument idRange = new BsonDocument();
        if (s.token().isPresent()) {
            BsonDocument after = ScanTokens.decode(s.token().get(), s.table());
            if (prefix != null && !after.getString(Documents.PARTITION).getValue().startsWith(prefix)) {
                throw new InvalidRequestException("the scan token of table '" + s.table() + "' is not of a scan of"
                        + " the partitions beginning with '" + prefix + "'");
            }
            idRange.append("$gt", after);
        } else if (prefix != null) {
            idRange.append("$gte", Documents.bound(prefix, null));
        }
        if (prefix != null) {
            idRange.append("$lt", Documents.bound(PrefixScans.end(prefix), null));
        }
        if (!idRange.isEmpty()) {
            filter.append(Documents.ID, idRange);
        }
        FindIterable<BsonDocument> find = tables.collection(s.table()).find(filter)
                .sort(new BsonDocument(Documents.ID, new BsonInt32(1))).limit(s.limit() + 1);
        List<BsonDocument> docs = drain(find, s.limit() + 1, meter);
        Optional<String> next = Optional.empty();
        if (docs.size() > s.limit()) {
            meter.extraItemsRead(1);
            docs = docs.subList(0, s.limit());
            next = Optional.of(ScanTokens.encode(docs.get(docs.size() - 1).getDocument(Documents.ID)));
        }
        List<Item> items = new ArrayList<>(docs.size());
        docs.forEach(d -> items.add(item(d, s.table())));
        return new ScanResult(items, next);
    }

    /** Reads up to {@code max} documents in one batch, counting each request the cursor sends. */
    static List<BsonDocument> drain(FindIterable<BsonDocument> find, int max, CostMeter meter) {
        List<BsonDocument> out = new ArrayList<>();
        meter.roundTrip();
        try (MongoCursor<BsonDocument> cursor = find.batchSize(Math.max(2, max)).iterator()) {
            while (out.size() < max) {
                if (cursor.available() == 0 && cursor.getServerCursor() != null) {
                    meter.roundTrip();
                }
                if (!cursor.hasNext()) {
                    break;
                }
                out.add(cursor.next());
            }
        }
        return out;
    }

    static Item item(BsonDocument doc, String table) {
        try {
            return Documents.item(doc);
        } catch (RuntimeException e) {
            throw new StoreException("table '" + table + "' holds a document this adapter cannot read ("
                    + e.getMessage() + "): " + doc.get(Documents.ID), table, null, e);
        }
    }

    /** The stricter of a condition bound and the resume bound, on the side they both limit. */
    private static Bound tighter(Bound condition, Bound after, boolean lowerSide) {
        int c = Utf8Order.compare(condition.value(), after.value());
        if (c == 0) {
            return after;
        }
        return (c > 0) == lowerSide ? condition : after;
    }

    private static boolean empty(Bound lower, Bound upper) {
        int c = Utf8Order.compare(lower.value(), upper.value());
        return c > 0 || (c == 0 && !(lower.inclusive() && upper.inclusive()));
    }
}
