package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Independent puts and deletes, each with its own condition, sent on the driver's asynchronous API with a bounded
 * number in flight, so the caller waits for about one round trip per {@value #IN_FLIGHT} writes instead of one per
 * write. Each conditional write is a lightweight transaction as {@link Writes#put} sends it; those of one partition
 * go together as one conditional batch (one Paxos round instead of several that would contend for the partition),
 * and a batch that is not applied (one condition failed) has its writes sent again one by one, so each is applied
 * or refused by its own condition. A transaction whose outcome is unknown (a timeout during Paxos) is settled
 * afterwards as a single one is, by a linearizable read of a stamp it wrote; the first failure left is thrown once
 * every write has ended.
 */
final class EachWriter {
    /** Requests in flight at once (fewer when {@link Settings#maxInFlight} says so). */
    static final int IN_FLIGHT = 64;
    /** A partition's batch that was not applied: its writes go again one by one. */
    private static final Object NOT_APPLIED = new Object();

    private final Cql cql;
    private final Writes writes;

    EachWriter(Cql cql, Writes writes) {
        this.cql = cql;
        this.writes = writes;
    }

    List<Boolean> write(List<Write> all, CostMeter meter) {
        List<Writes.Sendable> sent = all.stream().map(writes::statement).toList();
        Boolean[] applied = new Boolean[all.size()];
        List<List<Integer>> units = units(sent, cql.settings.limits());
        RuntimeException failure = send(sent, units, applied, meter);
        List<List<Integer>> again = new ArrayList<>();
        for (List<Integer> unit : units) {
            if (applied[unit.get(0)] == null && unit.size() > 1) {
                unit.forEach(i -> again.add(List.of(i)));
            }
        }
        if (!again.isEmpty()) {
            RuntimeException second = send(sent, again, applied, meter);
            failure = failure == null ? second : failure;
        }
        if (failure != null) {
            throw failure;
        }
        return List.of(applied);
    }

    /** Single writes, and the conditional writes of one partition grouped within the store's batch limits. */
    private static List<List<Integer>> units(List<Writes.Sendable> sent, Limits limits) {
        List<List<Integer>> units = new ArrayList<>();
        Map<String, List<Integer>> byPartition = new LinkedHashMap<>();
        for (int i = 0; i < sent.size(); i++) {
            Writes.Sendable w = sent.get(i);
            if (w.lwt()) {
                byPartition.computeIfAbsent(w.table().name + '\u0000' + w.key().partition(), p -> new ArrayList<>())
                        .add(i);
            } else {
                units.add(List.of(i));
            }
        }
        for (List<Integer> group : byPartition.values()) {
            List<Integer> unit = new ArrayList<>();
            long bytes = 0;
            for (int i : group) {
                long size = sent.get(i).write() instanceof Write.Put p ? p.item().sizeInBytes() : 0;
                if (!unit.isEmpty() && (unit.size() == limits.maxAtomicWriteItems()
                        || bytes + size > limits.maxAtomicWriteBytes())) {
                    units.add(unit);
                    unit = new ArrayList<>();
                    bytes = 0;
                }
                unit.add(i);
                bytes += size;
            }
            units.add(unit);
        }
        return units;
    }

    /**
     * Sends the units, filling in {@code applied} for each write whose outcome is known (a batch not applied leaves
     * its writes null); returns the first failure that could not be settled, or null.
     */
    private RuntimeException send(List<Writes.Sendable> sent, List<List<Integer>> units, Boolean[] applied,
                                  CostMeter meter) {
        String table = sent.stream().map(w -> w.table().name).distinct().count() == 1 ? sent.get(0).table().name
                : null;
        // Each answer is the outcome or the failure, so that one failure does not stop the writes after it.
        List<Object> answers = InFlightWindow.run(sent.size() + " conditional writes", table, units.size(),
                Math.min(IN_FLIGHT, cql.settings.maxInFlight()), (u, part) -> {
                    List<Integer> unit = units.get(u);
                    Writes.Sendable first = sent.get(unit.get(0));
                    return cql.executeAsync(statement(sent, unit), part).handle((rs, error) -> {
                        if (error != null) {
                            return (Object) Cql.unwrap(error, first.table().name, first.key());
                        }
                        Cql.retries(rs.getExecutionInfo().getErrors(), part);
                        if (!first.lwt() || rs.wasApplied()) {
                            return (Object) Boolean.TRUE;
                        }
                        return unit.size() == 1 ? (Object) Boolean.FALSE : NOT_APPLIED;
                    }).toCompletableFuture();
                }, meter, (u, cause) -> Cql.unwrap(cause, sent.get(units.get(u).get(0)).table().name,
                        sent.get(units.get(u).get(0)).key()));
        RuntimeException failure = null;
        for (int u = 0; u < units.size(); u++) {
            Object answer = answers.get(u);
            List<Integer> unit = units.get(u);
            if (answer == NOT_APPLIED) {
                continue;
            }
            boolean outcome;
            if (answer instanceof Boolean b) {
                outcome = b;
            } else {
                try {
                    outcome = settle(sent, unit, (RuntimeException) answer, meter);
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                    unit.forEach(i -> applied[i] = false);
                    continue;
                }
            }
            unit.forEach(i -> applied[i] = outcome);
        }
        return failure;
    }

    private Statement<?> statement(List<Writes.Sendable> sent, List<Integer> unit) {
        if (unit.size() == 1) {
            return sent.get(unit.get(0)).statement();
        }
        List<BatchableStatement<?>> statements = new ArrayList<>(unit.size());
        unit.forEach(i -> statements.add(sent.get(i).statement()));
        return BatchStatement.newInstance(BatchType.LOGGED, statements).setConsistencyLevel(cql.settings.consistency())
                .setSerialConsistencyLevel(cql.settings.serialConsistency()).setIdempotent(false);
    }

    /**
     * A failed unit's outcome: applied when it was a transaction with a stamped put that a linearizable read finds
     * (it won before the timeout); otherwise the failure stands.
     */
    private boolean settle(List<Writes.Sendable> sent, List<Integer> unit, RuntimeException failure,
                           CostMeter meter) {
        Writes.Sendable witness = unit.stream().map(sent::get).filter(w -> w.lwt() && w.stamp() != null).findFirst()
                .orElse(null);
        if (!(failure instanceof StoreUnavailableException) || witness == null) {
            throw failure;
        }
        Writes.Current now;
        try {
            now = writes.read(witness.table(), witness.key(), true, meter);
        } catch (StoreException again) {
            throw failure;
        }
        if (now.stamp() != null && now.stamp().longValue() == witness.stamp()) {
            return true;
        }
        throw failure;
    }
}
