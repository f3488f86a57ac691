package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;

/**
 * Independent puts and deletes, each with its own condition, sent on the driver's asynchronous API with a bounded
 * number in flight: each conditional one a lightweight transaction of its own, as {@link Writes#put} sends it, so
 * the caller waits for about one round trip per {@value #IN_FLIGHT} writes instead of one per write. A transaction
 * whose outcome is unknown (a timeout during Paxos) is settled afterwards as a single one is, by a linearizable read
 * of its stamp; the first failure left is thrown once every write has ended.
 */
final class EachWriter {
    /** Writes in flight at once (fewer when {@link Settings#maxInFlight} says so). */
    static final int IN_FLIGHT = 64;

    private final Cql cql;
    private final Writes writes;

    EachWriter(Cql cql, Writes writes) {
        this.cql = cql;
        this.writes = writes;
    }

    List<Boolean> write(List<Write> all, CostMeter meter) {
        List<Writes.Sendable> sent = all.stream().map(writes::statement).toList();
        String table = all.stream().map(Write::table).distinct().count() == 1 ? all.get(0).table() : null;
        // Each answer is the outcome or the failure, so that one failure does not stop the writes after it.
        List<Object> answers = InFlightWindow.run(all.size() + " conditional writes", table, all.size(),
                Math.min(IN_FLIGHT, cql.settings.maxInFlight()), (i, part) -> {
                    Writes.Sendable w = sent.get(i);
                    return cql.executeAsync(w.statement(), part).handle((rs, error) -> {
                        if (error != null) {
                            return (Object) Cql.unwrap(error, w.table().name, w.key());
                        }
                        Cql.retries(rs.getExecutionInfo().getErrors(), part);
                        return (Object) (!w.lwt() || rs.wasApplied());
                    }).toCompletableFuture();
                }, meter, (i, cause) -> Cql.unwrap(cause, sent.get(i).table().name, sent.get(i).key()));
        List<Boolean> applied = new ArrayList<>(all.size());
        RuntimeException failure = null;
        for (int i = 0; i < all.size(); i++) {
            Object answer = answers.get(i);
            if (answer instanceof Boolean b) {
                applied.add(b);
                continue;
            }
            applied.add(false);
            try {
                applied.set(i, settle(sent.get(i), (RuntimeException) answer, meter));
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
        return applied;
    }

    /**
     * A failed write's outcome: applied when it was a stamped transaction whose stamp a linearizable read finds
     * (it won before the timeout); otherwise the failure stands.
     */
    private boolean settle(Writes.Sendable w, RuntimeException failure, CostMeter meter) {
        if (!(failure instanceof StoreUnavailableException) || !w.lwt() || w.stamp() == null) {
            throw failure;
        }
        Writes.Current now;
        try {
            now = writes.read(w.table(), w.key(), true, meter);
        } catch (StoreException again) {
            throw failure;
        }
        if (now.stamp() != null && now.stamp().longValue() == w.stamp()) {
            return true;
        }
        throw failure;
    }
}
