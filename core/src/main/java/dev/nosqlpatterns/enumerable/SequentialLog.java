package dev.nosqlpatterns.enumerable;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Enumerable keys: items numbered by an atomic counter per scope, stored under
 * {@code scope} with the number as sort key ({@code userID_messageID}), so that from any id the
 * previous and next items, and the latest ones, are each one query.
 *
 * <p>Ids come from an atomic add on a counter item, so they are unique and increasing per scope even
 * with many writers; an id whose write failed leaves a gap, which traversal skips.
 *
 * <p><b>Under concurrent writers</b> (no crash): no two appends get one id, whatever the interleaving, and
 * ids are increasing in the order the counter was added to; a reader may briefly see a gap where a
 * writer holds an id it has not yet written.
 *
 * <p><b>Under crashes</b>: a writer that dies between taking an id and writing its item leaves a
 * permanent gap and nothing else.
 */
public final class SequentialLog {
    private static final CompositeKeyCodec ID = CompositeKeyCodec.of(SegmentType.LONG);
    private static final String COUNTER = "~counter";
    private static final String NEXT = "next";
    private final Store store;
    private final String table;
    private final String counterTable;

    private SequentialLog(Store store, String table, String counterTable) {
        this.store = store;
        this.table = table;
        this.counterTable = counterTable;
    }

    /** A log in {@code table}, with its counters in {@code counterTable}; both created when absent. */
    public static SequentialLog create(Store store, String table, String counterTable) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(table);
        TableSpec.checkName(counterTable);
        if (table.equals(counterTable)) {
            throw new IllegalArgumentException("the counter table must differ from the log table '" + table + "'");
        }
        store.createTable(TableSpec.named(table));
        store.createTable(TableSpec.named(counterTable));
        return new SequentialLog(store, table, counterTable);
    }

    /** Reserves the next id of {@code scope} (1, 2, 3...) with one atomic add. */
    public long nextId(String scope) {
        return TechniqueCalls.call(store, "sequentialLog.nextId", table, () -> reserveIds(scope, 1));
    }

    /** Reserves {@code count} consecutive ids with one atomic add and returns the first. */
    public long reserve(String scope, int count) {
        return TechniqueCalls.call(store, "sequentialLog.reserve", table, () -> reserveIds(scope, count));
    }

    private long reserveIds(String scope, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("reserve at least one id, got " + count);
        }
        Item counter = store.update(counterTable, Key.of(Objects.requireNonNull(scope, "scope"), COUNTER),
                UpdateAction.add(NEXT, count));
        return counter.getLong(NEXT).orElseThrow() - count + 1;
    }

    /** The last id reserved in {@code scope}, 0 when none. */
    public long lastId(String scope) {
        return TechniqueCalls.call(store, "sequentialLog.lastId", table, () -> {
            return store.get(counterTable, Key.of(scope, COUNTER)).flatMap(i -> i.getLong(NEXT)).orElse(0L);
        });
    }

    /** Appends an item under the next id and returns the id. */
    public long append(String scope, Map<String, Value> attributes) {
        return TechniqueCalls.call(store, "sequentialLog.append", table, () -> {
            long id = reserveIds(scope, 1);
            store.put(table, new Item(keyOf(scope, id), attributes));
            return id;
        });
    }

    public Optional<Numbered> get(String scope, long id) {
        return TechniqueCalls.call(store, "sequentialLog.get", table, () -> {
            return store.get(table, keyOf(scope, id)).map(SequentialLog::numbered);
        });
    }

    /** The item with the largest id below {@code id}, skipping gaps. */
    public Optional<Numbered> previous(String scope, long id) {
        return TechniqueCalls.call(store, "sequentialLog.previous", table, () -> {
            return first(Query.in(table, scope).where(SortKeyCondition.lessThan(ID.encode(id))).descending());
        });
    }

    /** The item with the smallest id above {@code id}, skipping gaps. */
    public Optional<Numbered> next(String scope, long id) {
        return TechniqueCalls.call(store, "sequentialLog.next", table, () -> {
            return first(Query.in(table, scope).where(SortKeyCondition.greaterThan(ID.encode(id))));
        });
    }

    /** The {@code count} items with the largest ids, newest first. */
    public List<Numbered> latest(String scope, int count) {
        return TechniqueCalls.call(store, "sequentialLog.latest", table, () -> {
            return store.query(Query.in(table, scope).descending().limit(count)).items().stream()
                    .map(SequentialLog::numbered).toList();
        });
    }

    private Optional<Numbered> first(Query q) {
        return store.query(q.limit(1)).items().stream().findFirst().map(SequentialLog::numbered);
    }

    private static Key keyOf(String scope, long id) {
        if (id < 1) {
            throw new IllegalArgumentException("ids start at 1, got " + id);
        }
        return Key.of(Objects.requireNonNull(scope, "scope"), ID.encode(id));
    }

    private static Numbered numbered(Item item) {
        return new Numbered((Long) ID.decode(item.key().sort()).get(0), item);
    }

    /** An item of the log and its id. */
    public record Numbered(long id, Item item) {
    }
}
