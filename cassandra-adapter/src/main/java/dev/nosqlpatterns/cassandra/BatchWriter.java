package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unconditional puts and deletes in bulk: one unlogged batch per partition (a single mutation on the
 * replicas, so no batch log is needed), partitions written concurrently.
 */
final class BatchWriter {
    private static final int MAX_STATEMENTS = 100;
    private static final long MAX_BYTES = 1024 * 1024;
    private static final int IN_FLIGHT = 64;

    private final Cql cql;
    private final Tables tables;

    BatchWriter(Cql cql, Tables tables) {
        this.cql = cql;
        this.tables = tables;
    }

    void write(List<Write> writes, CostMeter meter) {
        Map<String, List<Write>> groups = new LinkedHashMap<>();
        for (Write w : writes) {
            groups.computeIfAbsent(w.table() + '\u0000' + w.key().partition(), g -> new ArrayList<>()).add(w);
        }
        List<Chunk> chunks = new ArrayList<>();
        for (List<Write> group : groups.values()) {
            Chunk chunk = new Chunk(group.get(0));
            for (Write w : group) {
                if (chunk.full(w)) {
                    chunks.add(chunk);
                    chunk = new Chunk(w);
                }
                chunk.add(w, statement(w));
            }
            chunks.add(chunk);
        }
        run(chunks, meter);
    }

    private BoundStatement statement(Write w) {
        TableInfo t = tables.get(w.table());
        if (w instanceof Write.Put p) {
            return cql.plain(cql.prepare(t.insert, t.name), t.insertValues(p.item(), Writes.newStamp()));
        }
        Key k = w.key();
        return cql.plain(cql.prepare(t.delete, t.name), k.partition(), k.sort());
    }

    /**
     * Sends the chunks at most {@value #IN_FLIGHT} at a time (fewer when {@link Settings#maxInFlight} says so),
     * each as soon as an earlier one answered, the wait joined by {@link InFlightWindow}. After a failure no
     * further chunk is sent and the first failure in order is thrown; those sent may have been applied.
     */
    private void run(List<Chunk> chunks, CostMeter meter) {
        String table = chunks.stream().map(c -> c.first.table()).distinct().count() == 1
                ? chunks.get(0).first.table() : null;
        InFlightWindow.run(chunks.size() + " batch writes", table, chunks.size(),
                Math.min(IN_FLIGHT, cql.settings.maxInFlight()),
                (i, part) -> cql.executeAsync(chunks.get(i).statement(cql), part).toCompletableFuture(), meter,
                (i, cause) -> Cql.unwrap(cause, chunks.get(i).first.table(), chunks.get(i).first.key()));
    }

    /** Writes of one partition sent as one request. */
    private static final class Chunk {
        final Write first;
        final List<BatchableStatement<?>> statements = new ArrayList<>();
        long bytes;

        Chunk(Write first) {
            this.first = first;
        }

        boolean full(Write w) {
            return statements.size() == MAX_STATEMENTS
                    || (!statements.isEmpty() && bytes + size(w) > MAX_BYTES);
        }

        void add(Write w, BoundStatement st) {
            statements.add(st);
            bytes += size(w);
        }

        Statement<?> statement(Cql cql) {
            if (statements.size() == 1) {
                return (Statement<?>) statements.get(0);
            }
            return BatchStatement.newInstance(BatchType.UNLOGGED, statements)
                    .setConsistencyLevel(cql.settings.consistency()).setIdempotent(true);
        }

        private static long size(Write w) {
            return w instanceof Write.Put p ? p.item().sizeInBytes() + 64L : 64L;
        }
    }
}
