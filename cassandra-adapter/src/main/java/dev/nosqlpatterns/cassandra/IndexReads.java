package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.item.ValueCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Reads of a Storage-Attached Index. SAI finds the items whose partition attribute equals the value, but
 * returns them in token order and cannot order by another column, so every match is fetched, ordered by
 * the index sort attribute (then by key) here, and paged from the position the store hands back. A read
 * therefore costs all the matches of its index partition: keep index partitions small, or use an index
 * table from the techniques when one holds thousands of items.
 */
final class IndexReads {
    private static final int PAGE = 1_000;

    private final Cql cql;
    private final Tables tables;
    private final Reads reads;

    IndexReads(Cql cql, Tables tables, Reads reads) {
        this.cql = cql;
        this.tables = tables;
        this.reads = reads;
    }

    IndexResult query(IndexRead q, CostMeter meter) {
        TableInfo t = tables.get(q.tableName());
        IndexSpec index = q.index();
        Projection p = t.byAttribute.get(index.partitionAttribute());
        Object value = p.columnValue(q.partitionValue());
        if (value == null) {
            return IndexResult.last(List.of()); // a value of another type than declared matches nothing
        }
        String text = "SELECT pk, sk, attrs FROM " + t.cqlName + " WHERE " + TableInfo.quote(p.column()) + " = ?";
        List<Entry> entries = new ArrayList<>();
        for (Row row : reads.allRows(cql.plain(cql.prepare(text, t.name), value).setPageSize(PAGE), meter,
                t.name, null)) {
            Item item = ItemRows.decode(Key.of(row.getString(0), row.getString(1)), row, 2);
            Value sort = null;
            if (index.sortAttribute().isPresent()) {
                sort = item.attributes().get(index.sortAttribute().get());
                if (sort == null) {
                    continue; // not in a sparse index
                }
                if (!matches(q, sort)) {
                    continue;
                }
            } else if (!q.sortCondition().matches(item.key().sort())) {
                continue;
            }
            entries.add(new Entry(sort, item));
        }
        Comparator<Entry> order = Comparator.comparing((Entry e) -> e.sort, IndexReads::compareValues)
                .thenComparing(e -> e.item.key().partition(), Utf8Order.COMPARATOR)
                .thenComparing(e -> e.item.key().sort(), Utf8Order.COMPARATOR);
        if (q.isDescending()) {
            order = order.reversed();
        }
        entries.sort(order);
        Entry after = q.after().map(a -> new Entry(a.sortValue().orElse(null), Item.of(a.key()))).orElse(null);
        List<Item> page = new ArrayList<>();
        Entry last = null;
        boolean more = false;
        for (Entry e : entries) {
            if (after != null && order.compare(e, after) <= 0) {
                continue;
            }
            if (page.size() == q.limit()) {
                more = true;
                break;
            }
            page.add(e.item);
            last = e;
        }
        return new IndexResult(page, more ? Optional.of(IndexPosition.of(index, last.item)) : Optional.empty());
    }

    private static boolean matches(IndexRead q, Value sort) {
        if (sort instanceof Value.Str s) {
            return q.sortCondition().matches(s.value());
        }
        return q.sortCondition() instanceof dev.nosqlpatterns.store.model.SortKeyCondition.All;
    }

    /** Absent first, then numbers by value, then strings by UTF-8 bytes, then anything else by its bytes. */
    static int compareValues(Value a, Value b) {
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) {
            return Integer.compare(ra, rb);
        }
        if (a instanceof Value.Num x && b instanceof Value.Num y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof Value.Str x && b instanceof Value.Str y) {
            return Utf8Order.compare(x.value(), y.value());
        }
        if (a == null) {
            return 0;
        }
        return java.util.Arrays.compareUnsigned(ValueCodec.encode(a), ValueCodec.encode(b));
    }

    private static int rank(Value v) {
        return v == null ? 0 : v instanceof Value.Num ? 1 : v instanceof Value.Str ? 2 : 3;
    }

    /** An item at its place in the index. */
    private record Entry(Value sort, Item item) {
    }
}
