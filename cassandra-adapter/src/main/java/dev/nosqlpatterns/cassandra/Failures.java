package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableNotFoundException;

/** Turns driver exceptions into the library's, naming the table and key. */
final class Failures {
    /** The failure reason code of a read that met too many tombstones (RequestFailureReason in the server). */
    private static final int TOO_MANY_TOMBSTONES = 1;

    private Failures() {
    }

    static StoreUnavailableException unavailable(String message, Throwable cause) {
        return new StoreUnavailableException(message + ": " + cause.getMessage(), null, null, cause);
    }

    /** The library exception for a driver failure on {@code table} (null for none) and {@code key} (null too). */
    static StoreException translate(RuntimeException e, String table, Key key) {
        if (e instanceof StoreException se) {
            return se;
        }
        String where = table == null ? "" : " on table '" + table + "'" + (key == null ? "" : ", key " + key);
        if (tooManyTombstones(e)) {
            // not transient: the same read meets the same tombstones until compaction purges them
            return new StoreException("Cassandra failed a read" + where + " that met more tombstones (deleted rows "
                    + "not yet purged) than its tombstone_failure_threshold allows; compaction purges them once the "
                    + "table's gc_grace_seconds have passed. Read a narrower range, or lower gc_grace_seconds and "
                    + "compact: " + e.getMessage(), table, key, e);
        }
        if (isTransient(e)) {
            return new StoreUnavailableException("Cassandra did not complete a request" + where + ": "
                    + e.getMessage(), table, key, e);
        }
        if (e instanceof InvalidQueryException iq) {
            String msg = String.valueOf(iq.getMessage());
            if (table != null && (msg.contains("unconfigured table") || msg.contains("does not exist"))) {
                return new TableNotFoundException(table);
            }
            if (key != null && msg.contains("Key length")) {
                return new InvalidKeyException(table, key, msg);
            }
            return table == null ? new InvalidRequestException("Cassandra refused a request: " + msg)
                    : new InvalidRequestException(table, key, "Cassandra refused the request: " + msg);
        }
        if (e instanceof IllegalStateException && String.valueOf(e.getMessage()).toLowerCase().contains("closed")) {
            return new StoreUnavailableException("the Cassandra session is closed" + where, table, key, e);
        }
        if (e instanceof IllegalArgumentException) {
            return table == null ? new InvalidRequestException(e.getMessage())
                    : new InvalidRequestException(table, key, e.getMessage());
        }
        return new StoreException("Cassandra failed a request" + where + ": " + e.getMessage(), table, key, e);
    }

    /** True for failures after which the request may or may not have taken effect, or never reached a node. */
    /**
     * Whether {@code e} (or the driver failure it wraps) is a read the server failed because it met more
     * tombstones than {@code tombstone_failure_threshold} allows.
     */
    static boolean tooManyTombstones(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof ReadFailureException rf && rf.getReasonMap().containsValue(TOO_MANY_TOMBSTONES)) {
                return true;
            }
        }
        return false;
    }

    static boolean isTransient(Throwable e) {
        return e instanceof DriverTimeoutException || e instanceof AllNodesFailedException
                || e instanceof NoNodeAvailableException || e instanceof QueryConsistencyException
                || e instanceof UnavailableException || e instanceof OverloadedException
                || e instanceof ClosedConnectionException || e instanceof HeartbeatException
                || e instanceof BusyConnectionException || e instanceof TruncateException
                || e instanceof ServerError
                || (e instanceof DriverException && e.getCause() instanceof java.io.IOException);
    }
}
