package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * All-or-nothing writes to items of one partition, as one conditional batch.
 *
 * <p>Why it holds: a conditional batch on one partition is a single Paxos round whose conditions are
 * checked together and whose mutation is applied to the partition at once, so it is atomic and isolated.
 * The writes' own conditions (and update actions, which need the current item) are evaluated on a read
 * of the items; the batch then carries, for every item, the condition "still as read" ({@code IF stamp =
 * read stamp}, {@code IF NOT EXISTS} or {@code IF stamp = null}), so it applies only if nothing changed in
 * between. On a conflict the read and the batch are repeated; a condition fails only on a linearizable read.
 */
final class AtomicWriter {
    private final Cql cql;
    private final Tables tables;
    private final Writes writes;

    AtomicWriter(Cql cql, Tables tables, Writes writes) {
        this.cql = cql;
        this.tables = tables;
        this.writes = writes;
    }

    void write(List<Write> list, CostMeter meter) {
        TableInfo t = tables.get(list.get(0).table());
        String partition = list.get(0).key().partition();
        boolean serial = false;
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            Map<String, Writes.Current> current = read(t, partition, list, serial, meter);
            BatchStatementBuilder batch = BatchStatement.builder(BatchType.LOGGED);
            Key witness = null;
            long witnessStamp = 0;
            try {
                for (int i = 0; i < list.size(); i++) {
                    Write w = list.get(i);
                    Writes.Current cur = current.get(w.key().sort());
                    if (!w.condition().test(cur.item())) {
                        throw new ConditionFailedException(t.name, w.key(), w.condition(), i);
                    }
                    long stamp = Writes.newStamp();
                    BoundStatement st = statement(t, w, cur, stamp);
                    if (w instanceof Write.Put || w instanceof Write.Update) {
                        witness = w.key();
                        witnessStamp = stamp;
                    }
                    batch.addStatement(st);
                }
            } catch (ConditionFailedException | InvalidRequestException e) {
                if (serial) {
                    throw e;
                }
                serial = true; // decide only on a linearizable read
                continue;
            }
            BatchStatement st = batch.setConsistencyLevel(cql.settings.consistency())
                    .setSerialConsistencyLevel(cql.settings.serialConsistency()).build().setIdempotent(false);
            if (writes.transaction(st, t, witness == null ? list.get(0).key() : witness,
                    witness == null ? null : witnessStamp, meter)) {
                return;
            }
            serial = true;
            Writes.backOff(attempt);
        }
        throw new StoreUnavailableException("an atomic write to table '" + t.name + "', partition '" + partition
                + "' lost " + Writes.MAX_ATTEMPTS + " races in a row; nothing was written", t.name, list.get(0).key(),
                null);
    }

    /** The statement for one write, guarded by "the item is still as read". */
    private BoundStatement statement(TableInfo t, Write w, Writes.Current cur, long stamp) {
        Key k = w.key();
        Optional<Item> after = Optional.empty();
        if (w instanceof Write.Put p) {
            after = Optional.of(p.item());
        } else if (w instanceof Write.Update u) {
            Item updated = Updates.apply(cur.item(), u);
            Writes.checkSize(t, updated, cql.settings.limits().maxItemBytes());
            after = Optional.of(updated);
        }
        if (after.isPresent()) {
            return cur.item().isEmpty()
                    ? cql.lwt(cql.prepare(t.insertIfAbsent, t.name), t.insertValues(after.get(), stamp))
                    : cql.lwt(cql.prepare(t.updateIfStamp, t.name), t.updateValues(after.get(), stamp, cur.stamp()));
        }
        if (w instanceof Write.Delete || cur.item().isEmpty()) {
            // a delete, or a check of an absent item (deleting an absent row changes nothing)
            return cql.lwt(cql.prepare(t.deleteIfStamp, t.name), k.partition(), k.sort(), cur.stamp());
        }
        // a check of a present item: rewrite its stamp with the same value
        return cql.lwt(cql.prepare(t.touchIfStamp, t.name), cur.stamp(), k.partition(), k.sort(), cur.stamp());
    }

    private Map<String, Writes.Current> read(TableInfo t, String partition, List<Write> list, boolean serial,
                                             CostMeter meter) {
        List<String> sorts = list.stream().map(w -> w.key().sort()).toList();
        var ps = cql.prepare(t.getMany, t.name);
        BoundStatement st = serial ? cql.serialRead(ps, partition, sorts) : cql.plain(ps, partition, sorts);
        Map<String, Writes.Current> out = new HashMap<>();
        for (Row row : cql.execute(st, meter, t.name, list.get(0).key())) {
            String sk = row.getString(0);
            out.put(sk, new Writes.Current(Optional.of(ItemRows.decode(Key.of(partition, sk), row, 1)),
                    row.isNull(2) ? null : row.getLong(2)));
        }
        for (String sk : sorts) {
            out.putIfAbsent(sk, new Writes.Current(Optional.empty(), null));
        }
        return out;
    }
}
