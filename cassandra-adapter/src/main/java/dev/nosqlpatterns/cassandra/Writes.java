package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Single-item writes. The policy that keeps lightweight transactions linearizable:
 * <ul>
 *   <li>every row carries a {@code stamp}, a random 64-bit number that every write replaces, so
 *       "unchanged since I read it" is the condition {@code IF stamp = ?};</li>
 *   <li>a conditional put or delete is one lightweight transaction with the condition in CQL
 *       ({@code IF NOT EXISTS}, {@code IF EXISTS}, {@code IF attrs[name] = bytes}, or {@code IF stamp = null}
 *       for "absent" on a delete);</li>
 *   <li>an update reads the item, applies the actions with {@link Updates#apply} and writes the result with
 *       {@code IF stamp = read stamp} (or {@code IF NOT EXISTS}), retrying on a conflict: a compare-and-set
 *       loop, which also gives atomic counters without counter tables;</li>
 *   <li>unconditional puts and deletes are plain writes. Mixing them with lightweight transactions on the
 *       same item is safe while their timestamps come from the coordinator (the store's own sessions use
 *       server-side timestamps) and one coordinator orders them; with client-side timestamps a plain write
 *       may shadow a later transaction.</li>
 * </ul>
 */
final class Writes {
    static final int MAX_ATTEMPTS = 64;

    private final Cql cql;
    private final Tables tables;

    Writes(Cql cql, Tables tables) {
        this.cql = cql;
        this.tables = tables;
    }

    static long newStamp() {
        return ThreadLocalRandom.current().nextLong();
    }

    void put(Write.Put put, CostMeter meter) {
        send(statement(put), meter);
    }

    void delete(Write.Delete delete, CostMeter meter) {
        send(statement(delete), meter);
    }

    /** Sends one write; a refused condition throws. */
    private void send(Sendable w, CostMeter meter) {
        if (!w.lwt()) {
            cql.execute(w.statement(), meter, w.table().name, w.key());
        } else if (!transaction(w.statement(), w.table(), w.key(), w.stamp(), meter)) {
            throw new ConditionFailedException(w.table().name, w.key(), w.write().condition());
        }
    }

    /** A put or delete as the statement that makes it: a plain write, or a lightweight transaction with its condition. */
    record Sendable(Write write, TableInfo table, Key key, BoundStatement statement, boolean lwt, Long stamp) {
    }

    Sendable statement(Write w) {
        TableInfo t = tables.get(w.table());
        Condition c = w.condition();
        if (w instanceof Write.Put put) {
            Item item = put.item();
            long stamp = newStamp();
            if (c instanceof Condition.None) {
                return new Sendable(w, t, item.key(), cql.plain(cql.prepare(t.insert, t.name),
                        t.insertValues(item, stamp)), false, stamp);
            }
            BoundStatement st;
            if (c instanceof Condition.Absent) {
                st = cql.lwt(cql.prepare(t.insertIfAbsent, t.name), t.insertValues(item, stamp));
            } else if (c instanceof Condition.Exists) {
                st = cql.lwt(cql.prepare(t.updateIfExists, t.name), t.updateValues(item, stamp));
            } else {
                Condition.AttributeEquals ae = (Condition.AttributeEquals) c;
                st = cql.lwt(cql.prepare(t.updateIfAttribute, t.name),
                        t.updateValues(item, stamp, ae.name(), TableInfo.expected(ae.value())));
            }
            return new Sendable(w, t, item.key(), st, true, stamp);
        }
        if (!(w instanceof Write.Delete)) {
            throw new IllegalArgumentException("a put or a delete, not " + w);
        }
        Key k = w.key();
        if (c instanceof Condition.None) {
            return new Sendable(w, t, k, cql.plain(cql.prepare(t.delete, t.name), k.partition(), k.sort()), false, null);
        }
        BoundStatement st;
        if (c instanceof Condition.Absent) {
            st = cql.lwt(cql.prepare(t.deleteIfStamp, t.name), k.partition(), k.sort(), null);
        } else if (c instanceof Condition.Exists) {
            st = cql.lwt(cql.prepare(t.deleteIfExists, t.name), k.partition(), k.sort());
        } else {
            Condition.AttributeEquals ae = (Condition.AttributeEquals) c;
            st = cql.lwt(cql.prepare(t.deleteIfAttribute, t.name), k.partition(), k.sort(), ae.name(),
                    TableInfo.expected(ae.value()));
        }
        return new Sendable(w, t, k, st, true, null);
    }

    Item update(Write.Update u, CostMeter meter) {
        TableInfo t = tables.get(u.table());
        Key k = u.key();
        boolean serial = false;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Current cur = read(t, k, serial, meter);
            Item after;
            try {
                if (!u.condition().test(cur.item())) {
                    throw new ConditionFailedException(t.name, k, u.condition());
                }
                after = Updates.apply(cur.item(), u);
            } catch (ConditionFailedException | InvalidRequestException e) {
                if (serial) {
                    throw e;
                }
                serial = true; // decide only on a linearizable read
                continue;
            }
            checkSize(t, after, cql.settings.limits().maxItemBytes());
            long stamp = newStamp();
            Object[] merge = cur.item().isEmpty() || cur.stamp() == null ? null
                    : t.mergeValues(cur.item().get(), after, stamp, cur.stamp());
            BoundStatement st = cur.item().isEmpty()
                    ? cql.lwt(cql.prepare(t.insertIfAbsent, t.name), t.insertValues(after, stamp))
                    : merge != null ? cql.lwt(cql.prepare(t.mergeIfStamp, t.name), merge)
                    : cql.lwt(cql.prepare(t.updateIfStamp, t.name), t.updateValues(after, stamp, cur.stamp()));
            if (transaction(st, t, k, stamp, meter)) {
                return after;
            }
            serial = true;
            backOff(attempt);
        }
        throw new StoreUnavailableException("update of table '" + t.name + "', key " + k + " lost "
                + MAX_ATTEMPTS + " compare-and-set races in a row; nothing was written", t.name, k, null);
    }

    /** The item and its stamp, read plainly or linearizably. */
    Current read(TableInfo t, Key k, boolean serial, CostMeter meter) {
        var ps = cql.prepare(t.get, t.name);
        Row row = cql.execute(serial ? cql.serialRead(ps, k.partition(), k.sort()) : cql.plain(ps, k.partition(), k.sort()),
                meter, t.name, k).one();
        if (row == null) {
            return new Current(Optional.empty(), null);
        }
        return new Current(Optional.of(ItemRows.decode(k, row, 0)), row.isNull(1) ? null : row.getLong(1));
    }

    /**
     * Runs a lightweight transaction; true when applied. When the outcome is unknown (a timeout during
     * Paxos), a linearizable read settles it if the write carried a stamp: the stamp is there only if
     * this write won. Otherwise the failure is reported as unavailable: the write may or may not have happened.
     */
    boolean transaction(Statement<?> st, TableInfo t, Key k, Long stamp, CostMeter meter) {
        try {
            return cql.execute(st, meter, t.name, k).wasApplied();
        } catch (StoreUnavailableException e) {
            if (stamp == null) {
                throw e;
            }
            Current now;
            try {
                now = read(t, k, true, meter);
            } catch (StoreException again) {
                throw e;
            }
            if (now.stamp() != null && now.stamp().longValue() == stamp) {
                return true;
            }
            throw e;
        }
    }

    List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        return new EachWriter(cql, this).write(writes, meter);
    }

    void writeBatch(List<Write> writes, CostMeter meter) {
        new BatchWriter(cql, tables).write(writes, meter);
    }

    void writeAtomically(List<Write> writes, CostMeter meter) {
        new AtomicWriter(cql, tables, this).write(writes, meter);
    }

    static void checkSize(TableInfo t, Item after, int max) {
        if (after.sizeInBytes() > max) {
            throw new ItemTooLargeException(t.name, after.key(), "the updated item would be " + after.sizeInBytes()
                    + " bytes, more than the limit of " + max);
        }
    }

    static void backOff(int attempt) {
        int bound = 1 + Math.min(attempt, 10) * 3;
        try {
            Thread.sleep(ThreadLocalRandom.current().nextInt(bound));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while retrying a compare-and-set", null, null, e);
        }
    }

    /** An item as read, with its stamp (null when absent). */
    record Current(Optional<Item> item, Long stamp) {
    }
}
