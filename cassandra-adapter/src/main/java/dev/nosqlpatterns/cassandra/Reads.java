package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.internal.ConcurrentQueryWait;
import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.internal.Segments;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

/** Item reads, partition queries and segmented scans. */
final class Reads {
    private static final int MAX_IN = 100;
    private static final int MAX_PAGE = 5_000;

    private final Cql cql;
    private final Tables tables;
    private final Schema.Server server;

    Reads(Cql cql, Tables tables, Schema.Server server) {
        this.cql = cql;
        this.tables = tables;
        this.server = server;
    }

    Optional<Item> get(String table, Key key, CostMeter meter) {
        TableInfo t = tables.get(table);
        Row row = cql.execute(cql.plain(cql.prepare(t.get, t.name), key.partition(), key.sort()), meter, t.name, key)
                .one();
        return row == null ? Optional.empty() : Optional.of(ItemRows.decode(key, row, 0));
    }

    /**
     * Few requests for many keys: {@code pk = ? AND sk IN ?} for a partition asked for several items,
     * {@code pk IN ? AND sk = ?} for partitions asked for one item under the same sort key (the common shape:
     * many entities, one constant sort key), a hundred keys per request at most, sent as {@link #sendAll}
     * sends them.
     */
    Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<String, List<ItemRef>> byPartition = new LinkedHashMap<>();
        for (ItemRef r : refs) {
            byPartition.computeIfAbsent(r.table() + '\u0000' + r.key().partition(), x -> new ArrayList<>()).add(r);
        }
        List<BoundStatement> requests = new ArrayList<>();
        List<ItemRef> firsts = new ArrayList<>();
        Map<String, List<ItemRef>> bySort = new LinkedHashMap<>();
        for (List<ItemRef> g : byPartition.values()) {
            if (g.size() == 1) {
                ItemRef r = g.get(0);
                bySort.computeIfAbsent(r.table() + '\u0000' + r.key().sort(), x -> new ArrayList<>()).add(r);
                continue;
            }
            TableInfo t = tables.get(g.get(0).table());
            for (List<ItemRef> chunk : chunks(g)) {
                requests.add(cql.plain(cql.prepare(t.getInPartition, t.name), chunk.get(0).key().partition(),
                        chunk.stream().map(r -> r.key().sort()).toList()));
                firsts.add(chunk.get(0));
            }
        }
        for (List<ItemRef> g : bySort.values()) {
            TableInfo t = tables.get(g.get(0).table());
            for (List<ItemRef> chunk : chunks(g)) {
                requests.add(cql.plain(cql.prepare(t.getAcrossPartitions, t.name),
                        chunk.stream().map(r -> r.key().partition()).toList(), chunk.get(0).key().sort()));
                firsts.add(chunk.get(0));
            }
        }
        String table = refs.stream().map(ItemRef::table).distinct().count() == 1 ? refs.get(0).table() : null;
        List<List<Row>> answers = sendAll(requests, requests.size() + " batch reads", table, meter,
                (i, cause) -> Cql.unwrap(cause, firsts.get(i).table(), firsts.get(i).key()));
        Map<ItemRef, Item> found = new LinkedHashMap<>();
        for (int i = 0; i < answers.size(); i++) {
            for (Row row : answers.get(i)) {
                Key k = Key.of(row.getString(0), row.getString(1));
                found.put(new ItemRef(firsts.get(i).table(), k), ItemRows.decode(k, row, 2));
            }
        }
        Map<ItemRef, Item> ordered = new LinkedHashMap<>();
        for (ItemRef r : refs) {
            Item item = found.get(r);
            if (item != null) {
                ordered.put(r, item);
            }
        }
        return ordered;
    }

    private static List<List<ItemRef>> chunks(List<ItemRef> refs) {
        List<List<ItemRef>> out = new ArrayList<>();
        for (int i = 0; i < refs.size(); i += MAX_IN) {
            out.add(refs.subList(i, Math.min(refs.size(), i + MAX_IN)));
        }
        return out;
    }

    /** One partition read: its {@link #statement}, every page of it, and the {@link #page} its rows make. */
    QueryResult query(KeyQuery q, CostMeter meter) {
        TableInfo t = tables.get(q.table());
        return page(q, allRows(statement(q, t), meter, t.name, null));
    }

    /**
     * Independent partition reads together: every query's statement is prepared before anything is sent,
     * then the statements are sent as {@link #sendAll} sends them. Each answer is what {@link #query}
     * returns; failures are translated as {@link #query} translates them.
     */
    List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        List<TableInfo> infos = new ArrayList<>(queries.size());
        List<BoundStatement> statements = new ArrayList<>(queries.size());
        for (KeyQuery q : queries) {
            TableInfo t = tables.get(q.table());
            infos.add(t);
            statements.add(statement(q, t));
        }
        String table = queries.stream().map(KeyQuery::table).distinct().count() == 1 ? queries.get(0).table() : null;
        List<List<Row>> rows = sendAll(statements, queries.size() + " queries", table, meter,
                (i, cause) -> Cql.unwrap(cause, infos.get(i).name, null));
        List<QueryResult> out = new ArrayList<>(queries.size());
        for (int i = 0; i < queries.size(); i++) {
            out.add(page(queries.get(i), rows.get(i)));
        }
        return out;
    }

    /**
     * Every row of each statement, in their order, on the driver's asynchronous API with at most
     * {@link Settings#maxInFlight} requests in flight (the driver refuses a request when the connection
     * already holds its maximum, so a call of thousands must not send them all at once): each counted on a
     * meter of its own with the further pages the driver fetches for it, the meters joined by
     * {@link InFlightWindow}, so that round trips add up while the wait is the longest chain of requests
     * each sent once another answered. Failures and interrupts as {@link ConcurrentQueryWait#await} says.
     */
    private List<List<Row>> sendAll(List<BoundStatement> statements, String what, String table, CostMeter meter,
                                    ConcurrentQueryWait.Failure failure) {
        return InFlightWindow.run(what, table, statements.size(), cql.settings.maxInFlight(), (i, part) -> {
            AtomicLong extraPages = new AtomicLong();
            // completes once the part's meter is final, whichever thread finishes the read
            return allRowsAsync(statements.get(i), part, extraPages)
                    .whenComplete((r, e) -> part.roundTrips(extraPages.get()));
        }, meter, failure);
    }

    /** The statement of a query: its clustering range narrowed by the resume point, one more row than asked. */
    private BoundStatement statement(KeyQuery q, TableInfo t) {
        Optional<SortKeyCondition.Bound> lower = q.condition().lower();
        Optional<SortKeyCondition.Bound> upper = q.condition().upper();
        if (q.startAfter().isPresent()) {
            SortKeyCondition.Bound after = new SortKeyCondition.Bound(q.startAfter().get(), false);
            if (q.descending()) {
                upper = Optional.of(upper.map(u -> tighterUpper(u, after)).orElse(after));
            } else {
                lower = Optional.of(lower.map(l -> tighterLower(l, after)).orElse(after));
            }
        }
        List<Object> values = new ArrayList<>(4);
        values.add(q.partition());
        lower.ifPresent(b -> values.add(b.value()));
        upper.ifPresent(b -> values.add(b.value()));
        int fetch = q.limit() == Integer.MAX_VALUE ? q.limit() : q.limit() + 1;
        values.add(fetch);
        String text = t.query(lower.map(b -> b.inclusive() ? ">=" : ">").orElse(null),
                upper.map(b -> b.inclusive() ? "<=" : "<").orElse(null), q.descending());
        return cql.plain(cql.prepare(text, t.name), values.toArray()).setPageSize(Math.min(fetch, MAX_PAGE));
    }

    /** The page a query's rows make: the rows it selects, at most its limit, and whether one more was read. */
    private static QueryResult page(KeyQuery q, List<Row> rows) {
        List<Item> items = new ArrayList<>();
        boolean more = false;
        for (Row row : rows) {
            String sk = row.getString(0);
            if (!q.selects(sk)) {
                continue;
            }
            if (items.size() == q.limit()) {
                more = true;
                break;
            }
            items.add(ItemRows.decode(Key.of(q.partition(), sk), row, 1));
        }
        return new QueryResult(items, more);
    }

    private static SortKeyCondition.Bound tighterLower(SortKeyCondition.Bound a, SortKeyCondition.Bound b) {
        int c = dev.nosqlpatterns.key.Utf8Order.compare(a.value(), b.value());
        return c > 0 || (c == 0 && !a.inclusive()) ? a : b;
    }

    private static SortKeyCondition.Bound tighterUpper(SortKeyCondition.Bound a, SortKeyCondition.Bound b) {
        int c = dev.nosqlpatterns.key.Utf8Order.compare(a.value(), b.value());
        return c < 0 || (c == 0 && !a.inclusive()) ? a : b;
    }

    /**
     * One page of one segment. Segments are contiguous token ranges of the ring (Murmur3); the scan token is a
     * {@link ScanPosition}, the server's paging state with the part of the range it applies to. A page that
     * meets more tombstones than the server allows (rows deleted in bulk, until compaction purges them) is
     * read again over half of what was left of the part, as often as it takes; the parts after it keep that
     * width. Other partitioners cannot address a segment by token: every segment reads the whole table and
     * keeps its own partitions.
     */
    ScanResult scan(ScanRequest s, CostMeter meter) {
        TableInfo t = tables.get(s.table());
        if (!server.murmur3()) {
            return scanFiltered(s, t, meter);
        }
        long[] segment = s.totalSegments() == 1 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE}
                : TokenRanges.murmur3(s.segment(), s.totalSegments());
        ScanPosition at = s.token().isPresent()
                ? ScanPosition.decode(s.token().get(), segment, t.name, s.segment(), s.totalSegments())
                : ScanPosition.start(segment);
        int pageSize = Math.min(s.limit(), MAX_PAGE); // a page may hold fewer than asked
        List<Item> items = new ArrayList<>();
        while (true) {
            BoundStatement st = cql.plain(cql.prepare(t.scanRange, t.name), at.after(), at.end())
                    .setPageSize(pageSize);
            if (at.pagingState() != null) {
                st = st.setPagingState(java.nio.ByteBuffer.wrap(at.pagingState()));
            }
            ResultSet rs;
            try {
                rs = cql.execute(st, meter, t.name, null);
            } catch (StoreException e) {
                ScanPosition narrower = Failures.tooManyTombstones(e) ? at.narrowed() : null;
                if (narrower == null) {
                    throw e;
                }
                at = narrower;
                continue;
            }
            Long last = null;
            int available = rs.getAvailableWithoutFetching();
            for (int i = 0; i < available; i++) {
                Row row = rs.one();
                items.add(ItemRows.decode(Key.of(row.getString(0), row.getString(1)), row, 2));
                last = row.getLong(3);
            }
            java.nio.ByteBuffer next = rs.getExecutionInfo().getPagingState();
            if (next != null) {
                // the raw paging state: the driver's "safe" wrapper frames it with 16-bit lengths, which keys
                // near the store's limits overflow. The cursor that carries it is bound to this table and segment.
                at = at.within(com.datastax.oss.protocol.internal.util.Bytes.getArray(next), last);
            } else if (at.end() == segment[1]) {
                return new ScanResult(items, Optional.empty());
            } else {
                at = at.following(segment[1]);
            }
            if (!items.isEmpty()) {
                return new ScanResult(items, Optional.of(at.encode()));
            }
        }
    }

    /** A page of a segment where tokens cannot address it: the whole table read, other segments' rows skipped. */
    private ScanResult scanFiltered(ScanRequest s, TableInfo t, CostMeter meter) {
        BoundStatement st = cql.plain(cql.prepare(t.scanAll, t.name)).setPageSize(Math.min(s.limit(), MAX_PAGE));
        if (s.token().isPresent()) {
            try {
                st = st.setPagingState(java.nio.ByteBuffer.wrap(Base64.getUrlDecoder().decode(s.token().get())));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("scan token of table '" + t.name + "' is not valid for segment "
                        + s.segment() + "/" + s.totalSegments() + ": " + e.getMessage());
            }
        }
        ResultSet rs = cql.execute(st, meter, t.name, null);
        List<Item> items = new ArrayList<>();
        int available = rs.getAvailableWithoutFetching();
        for (int i = 0; i < available; i++) {
            Row row = rs.one();
            String pk = row.getString(0);
            if (Segments.of(pk, s.totalSegments()) != s.segment()) {
                meter.extraItemsRead(1);
                continue;
            }
            items.add(ItemRows.decode(Key.of(pk, row.getString(1)), row, 2));
        }
        java.nio.ByteBuffer next = rs.getExecutionInfo().getPagingState();
        Optional<String> token = next == null ? Optional.empty() : Optional.of(Base64.getUrlEncoder().withoutPadding()
                .encodeToString(com.datastax.oss.protocol.internal.util.Bytes.getArray(next)));
        return new ScanResult(items, token);
    }

    /** Every row of a statement, page after page, each page counted as a round trip. */
    List<Row> allRows(Statement<?> st, CostMeter meter, String table, Key key) {
        AtomicLong extraPages = new AtomicLong();
        try {
            return allRowsAsync(st, meter, extraPages).join();
        } catch (RuntimeException e) {
            throw Cql.unwrap(e, table, key);
        } finally {
            meter.roundTrips(extraPages.get());
        }
    }

    /** Sends the first request now (counted on the meter); later pages are counted in {@code extraPages}. */
    private CompletableFuture<List<Row>> allRowsAsync(Statement<?> st, CostMeter meter, AtomicLong extraPages) {
        List<Row> rows = new ArrayList<>();
        return cql.executeAsync(st, meter).thenCompose(rs -> collect(rs, rows, extraPages)).toCompletableFuture();
    }

    private static CompletionStage<List<Row>> collect(AsyncResultSet rs, List<Row> rows, AtomicLong extraPages) {
        rs.currentPage().forEach(rows::add);
        if (!rs.hasMorePages()) {
            return CompletableFuture.completedFuture(rows);
        }
        extraPages.incrementAndGet();
        return rs.fetchNextPage().thenCompose(next -> collect(next, rows, extraPages));
    }
}
