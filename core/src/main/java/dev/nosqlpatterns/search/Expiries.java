package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The expiry of documents indexed with one. The direct row holds the expiry ({@value #ROW_ATTRIBUTE}, epoch
 * milliseconds) and is the truth; a <em>marker</em> per expiring document in the postings table, partition
 * {@code (x)}, sort key {@code (expiry, dense id)}, lets a search find the documents expired by the store's
 * clock with one range query that returns only those not yet removed by {@link InvertedSearch#repair()},
 * sent with the term reads of a search when they are read together, so that it waits for no extra round.
 * Posting lists are shared by many documents and cannot expire one id, so searches subtract the expired
 * ids instead. A marker is written before its row and deleted after the row lost it, so a marker may be
 * stale (its row has another expiry or none) but a row's expiry always has its marker; a marker counts only
 * when its row, read in one batch for the markers that touch a result, still holds its expiry.
 */
final class Expiries {
    static final String ROW_ATTRIBUTE = "x";
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.LONG, SegmentType.LONG);
    private static final int PAGE = 1_000;
    private final Store store;
    private final String table;
    private final DirectIndex direct;

    Expiries(Store store, String table, DirectIndex direct) {
        this.store = store;
        this.table = table;
        this.direct = direct;
    }

    static OptionalLong of(Item row) {
        return row.getLong(ROW_ATTRIBUTE).map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    private static Key marker(long expiry, int id) {
        return Key.of(SearchKeys.EXPIRING, SORT.encode(expiry, (long) id));
    }

    void mark(int id, OptionalLong expiry) {
        if (expiry.isPresent()) {
            store.put(table, Item.builder(marker(expiry.getAsLong(), id)).build());
        }
    }

    /** Deletes the marker of the expiry the row had, when the row now has another. */
    void unmark(int id, OptionalLong before, OptionalLong now) {
        if (before.isPresent() && !before.equals(now)) {
            store.delete(table, marker(before.getAsLong(), id));
        }
    }

    /** The markers of expiries at or before the store's clock, by dense id; one range query. */
    Map<Integer, Long> markedNow() {
        return markedExpired(store.clock().millis());
    }

    /** The first page of the markers expired by the store's clock, to send with other reads. */
    Query query() {
        return query(store.clock().millis());
    }

    private Query query(long now) {
        String high = SORT.encode(now, (long) Integer.MAX_VALUE);
        return Query.in(table, SearchKeys.EXPIRING).where(SortKeyCondition.lessOrEqual(high)).limit(PAGE);
    }

    /**
     * The markers of the first page of {@link #query()}, read with other reads; when there was no such page,
     * or more pages follow, the markers are read again ({@link #markedNow()}).
     */
    Map<Integer, Long> marked(Optional<Page> first) {
        if (first.isEmpty() || first.get().hasNext()) {
            return markedNow();
        }
        Map<Integer, Long> out = new LinkedHashMap<>();
        first.get().items().forEach(item -> add(out, item));
        return out;
    }

    private static void add(Map<Integer, Long> out, Item item) {
        List<Object> parts = SORT.decode(item.key().sort());
        out.put(((Long) parts.get(1)).intValue(), (Long) parts.get(0));
    }

    /** The markers of expiries at or before now, by dense id (a stale marker's expiry may differ from its row's). */
    private Map<Integer, Long> markedExpired(long now) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        store.queryAll(query(now)).forEach(item -> add(out, item));
        return out;
    }

    /** The rows of the ids whose marker says expired and whose row, still there, agrees. */
    private Map<Integer, Item> confirmed(Map<Integer, Long> marked) {
        Map<Integer, Item> out = new LinkedHashMap<>();
        if (marked.isEmpty()) {
            return out;
        }
        BatchGetResult rows = store.getAll(direct.table, marked.keySet().stream().map(SearchKeys::row).toList());
        marked.forEach((id, expiry) -> rows.get(new ItemRef(direct.table, SearchKeys.row(id)))
                .filter(row -> !DirectIndex.gone(row) && of(row).equals(OptionalLong.of(expiry)))
                .ifPresent(row -> out.put(id, row)));
        return out;
    }

    /**
     * {@code ids} without the documents expired by the store's clock: one range query of the markers, and
     * when some of them are in {@code ids}, one batch read of their rows.
     */
    IdSet live(IdSet ids, PostingFormat format) {
        return live(ids, format, markedNow());
    }

    /** {@code ids} without the expired documents among {@code markedNow}, as {@link #live(IdSet, PostingFormat)}. */
    IdSet live(IdSet ids, PostingFormat format, Map<Integer, Long> markedNow) {
        Map<Integer, Long> marked = new LinkedHashMap<>(markedNow);
        marked.keySet().removeIf(id -> !ids.contains(id));
        if (marked.isEmpty()) {
            return ids;
        }
        int[] expired = confirmed(marked).keySet().stream().mapToInt(Integer::intValue).toArray();
        return expired.length == 0 ? ids : ids.andNot(IdSets.of(format, expired));
    }

    /** How many indexed documents have expired by the store's clock (a range query and one batch read). */
    long expiredCount() {
        return confirmed(markedExpired(store.clock().millis())).size();
    }

    /** True when the row has an expiry at or before the store's clock. */
    boolean expired(Item row) {
        OptionalLong at = of(row);
        return at.isPresent() && at.getAsLong() <= store.clock().millis();
    }

    /**
     * The documents expired but still indexed, and stale markers; with {@code fix} removes each such
     * document through {@code remove} (its id) and deletes the stale markers. Returns {expired, stale}.
     */
    long[] audit(boolean fix, java.util.function.Consumer<String> remove) {
        Map<Integer, Long> marked = markedExpired(store.clock().millis());
        Map<Integer, Item> expired = confirmed(marked);
        long stale = 0;
        for (Map.Entry<Integer, Long> m : marked.entrySet()) {
            Item row = expired.get(m.getKey());
            if (row == null) {
                stale++;
            }
            if (fix) {
                if (row != null) {
                    remove.accept(row.getString(DirectIndex.DOC).orElseThrow());
                }
                store.delete(table, marker(m.getValue(), m.getKey()));
            }
        }
        return new long[] {expired.size(), stale};
    }

    /** The expiry a row was written with, for a row read before a write. */
    static OptionalLong before(Optional<Item> row) {
        return row.map(Expiries::of).orElse(OptionalLong.empty());
    }
}
