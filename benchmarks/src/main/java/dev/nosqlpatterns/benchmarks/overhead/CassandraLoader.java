package dev.nosqlpatterns.benchmarks.overhead;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A bulk load with the DataStax Java driver on the Cassandra adapter's layout (see {@link CassandraBaseline}):
 * prepared {@code INSERT}s sent asynchronously with at most {@value #IN_FLIGHT} in flight. Each unique entry is
 * an {@code INSERT ... IF NOT EXISTS} (a lightweight transaction), all of a chunk's claims answered before its
 * items and index entries are sent as plain inserts. One statement per row: an unlogged batch only pays where
 * its rows share a partition, and here every item and unique entry has a partition of its own.
 *
 * <p>A scan is one {@code SELECT pk, sk, attrs} of the whole table paged by the driver, a page per request; a bulk
 * write the same asynchronous prepared {@code INSERT}s, {@value #IN_FLIGHT} in flight.
 */
final class CassandraLoader implements Loader {
    static final int IN_FLIGHT = 64;
    private static final String INSERT = "INSERT INTO $t (pk, sk, attrs, stamp) VALUES (?, ?, ?, ?)";
    private final CassandraBaseline cassandra;

    CassandraLoader(String uri) {
        this.cassandra = new CassandraBaseline(uri);
    }

    @Override
    public long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
                     List<Item> entries) {
        ConcurrentLinkedQueue<String> taken = new ConcurrentLinkedQueue<>();
        long sent = send(uniqueEntries, e -> bind(uniqueTable, INSERT + " IF NOT EXISTS", e)
                .setSerialConsistencyLevel(cassandra.serial), (e, rs) -> {
                    if (!rs.wasApplied()) {
                        taken.add(e.key().partition());
                    }
                });
        if (!taken.isEmpty()) {
            throw new IllegalStateException("unique values are taken: " + taken);
        }
        sent += send(items, i -> bind(table, INSERT, i).setIdempotent(true), (i, rs) -> { });
        sent += send(entries, e -> bind(indexTable, INSERT, e).setIdempotent(true), (e, rs) -> { });
        return sent;
    }

    private BoundStatement bind(String table, String cql, Item item) {
        return cassandra.ps(table, cql).bind(item.key().partition(), item.key().sort(), CassandraBaseline.attrs(item),
                ThreadLocalRandom.current().nextLong()).setConsistencyLevel(cassandra.consistency);
    }

    /** Sends one statement per item, at most {@value #IN_FLIGHT} at a time; returns when all are answered. */
    private long send(List<Item> rows, Function<Item, BoundStatement> statement,
                      java.util.function.BiConsumer<Item, AsyncResultSet> onResult) {
        Semaphore window = new Semaphore(IN_FLIGHT);
        CompletableFuture<?>[] all = new CompletableFuture<?>[rows.size()];
        for (int k = 0; k < rows.size(); k++) {
            Item row = rows.get(k);
            window.acquireUninterruptibly();
            all[k] = cassandra.session.executeAsync(statement.apply(row)).toCompletableFuture()
                    .whenComplete((rs, error) -> {
                        window.release();
                        if (error == null) {
                            onResult.accept(row, rs);
                        }
                    });
        }
        CompletableFuture.allOf(all).join();
        return rows.size();
    }

    @Override
    public long scan(String table, int page, Consumer<List<Item>> each) {
        ResultSet rs = cassandra.session.execute(cassandra.ps(table, "SELECT pk, sk, attrs FROM $t").bind()
                .setPageSize(page).setConsistencyLevel(cassandra.consistency));
        List<Item> items = new ArrayList<>(page);
        for (Row row : rs) {
            items.add(CassandraBaseline.item(Key.of(row.getString(0), row.getString(1)),
                    row.getMap(2, String.class, ByteBuffer.class)));
            if (rs.getAvailableWithoutFetching() == 0) {
                // the end of a page: hand it over before the driver fetches the next one
                each.accept(items);
                items = new ArrayList<>(page);
            }
        }
        if (!items.isEmpty()) {
            each.accept(items);
        }
        return rs.getExecutionInfos().size();
    }

    @Override
    public long write(String table, List<Item> items) {
        return send(items, i -> bind(table, INSERT, i).setIdempotent(true), (i, rs) -> { });
    }

    @Override
    public String howScanAndWrite() {
        return "scan: SELECT of the whole table, a page per request; write: async prepared INSERTs, " + IN_FLIGHT
                + " in flight";
    }

    @Override
    public String how() {
        return "async prepared INSERTs, " + IN_FLIGHT + " in flight; unique entries INSERT ... IF NOT EXISTS first";
    }

    @Override
    public void close() {
        cassandra.close();
    }
}
