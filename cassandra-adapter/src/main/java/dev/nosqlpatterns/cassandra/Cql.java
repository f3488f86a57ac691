package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.LoggerFactory;

/**
 * Runs statements for a backend: prepares and caches them, sets the configured consistency levels,
 * counts each request sent on the caller's meter and turns driver failures into the library's.
 */
final class Cql {
    private static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SCHEMA_POLL = Duration.ofMillis(200);

    final CqlSession session;
    final Settings settings;
    private final ConcurrentMap<String, PreparedStatement> prepared = new ConcurrentHashMap<>();

    Cql(CqlSession session, Settings settings) {
        this.session = session;
        this.settings = settings;
    }

    PreparedStatement prepare(String text, String table) {
        PreparedStatement ps = prepared.get(text);
        if (ps != null) {
            return ps;
        }
        try {
            ps = session.prepare(text);
        } catch (RuntimeException e) {
            throw Failures.translate(e, table, null);
        }
        prepared.put(text, ps);
        return ps;
    }

    /** Forgets the statements of a dropped table, which the server has discarded. */
    void forget(String cqlName) {
        prepared.keySet().removeIf(text -> text.contains(cqlName));
    }

    /** A read or a plain write at the configured consistency; safe to retry. */
    BoundStatement plain(PreparedStatement ps, Object... values) {
        return ps.bind(values).setConsistencyLevel(settings.consistency()).setIdempotent(true);
    }

    /** A lightweight transaction: Paxos at the serial level, committed at the configured one. */
    BoundStatement lwt(PreparedStatement ps, Object... values) {
        return ps.bind(values).setConsistencyLevel(settings.consistency())
                .setSerialConsistencyLevel(settings.serialConsistency()).setIdempotent(false);
    }

    /** A linearizable read: sees every completed lightweight transaction and finishes any in progress. */
    BoundStatement serialRead(PreparedStatement ps, Object... values) {
        return ps.bind(values).setConsistencyLevel(settings.serialConsistency()).setIdempotent(true);
    }

    ResultSet execute(Statement<?> statement, CostMeter meter, String table, Key key) {
        meter.roundTrip();
        ResultSet rs;
        try {
            rs = session.execute(statement);
        } catch (RuntimeException e) {
            throw Failures.translate(e, table, key);
        }
        retries(rs.getExecutionInfo().getErrors(), meter);
        return rs;
    }

    /**
     * Counts the attempts the driver's retry policy made before the one that answered: each is one more
     * round trip, and one refused by an overloaded node is also a throttle.
     */
    static void retries(List<Map.Entry<Node, Throwable>> errors, CostMeter meter) {
        for (Map.Entry<Node, Throwable> error : errors) {
            meter.roundTrip();
            if (error.getValue() instanceof OverloadedException) {
                meter.throttled();
            }
        }
    }

    CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement, CostMeter meter) {
        meter.roundTrip();
        return session.executeAsync(statement);
    }

    /** A schema change, given time to settle on every node. */
    ResultSet ddl(String text, CostMeter meter, String table) {
        ResultSet rs = execute(SimpleStatement.newInstance(text).setTimeout(DDL_TIMEOUT)
                .setConsistencyLevel(settings.consistency()), meter, table, null);
        if (!rs.getExecutionInfo().isSchemaInAgreement()) {
            awaitSchemaAgreement(text, meter);
        }
        return rs;
    }

    /**
     * The driver waits a few seconds for every live node to hold the changed schema; a loaded cluster may
     * take longer, and a statement sent to a node that has not caught up yet fails (a table created on one
     * coordinator is unknown to the next). Keep checking until the deadline, then carry on with a warning.
     */
    private void awaitSchemaAgreement(String text, CostMeter meter) {
        long deadline = System.nanoTime() + DDL_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            meter.roundTrip();
            if (session.checkSchemaAgreement()) {
                return;
            }
            try {
                Thread.sleep(SCHEMA_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        LoggerFactory.getLogger(CassandraStore.class).warn("The nodes did not agree on the schema within {} s"
                + " after: {}; statements on nodes that lag may still fail", DDL_TIMEOUT.toSeconds(), text);
    }

    /** The failure of an async stage, translated. */
    static RuntimeException unwrap(Throwable t, String table, Key key) {
        Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
        if (cause instanceof RuntimeException re) {
            return Failures.translate(re, table, key);
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return Failures.translate(new IllegalStateException(cause), table, key);
    }
}
