package dev.nosqlpatterns.mongodb;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import java.util.Set;
import java.util.function.Supplier;
import org.bson.BsonSerializationException;

/** Turns driver exceptions into the store's own, naming the table and key; no driver type escapes. */
final class Failures {
    /** Server codes for a document over the BSON size limit. */
    private static final Set<Integer> TOO_LARGE = Set.of(10334, 17419, 17420, 10003);

    private Failures() {
    }

    /** Runs a call against the server, turning whatever the driver throws into the store's exceptions. */
    static <T> T call(String operation, String table, Key key, Supplier<T> body) {
        try {
            return body.get();
        } catch (RuntimeException e) {
            throw wrap(e, operation, table, key);
        }
    }

    static void run(String operation, String table, Key key, Runnable body) {
        call(operation, table, key, () -> {
            body.run();
            return null;
        });
    }

    static boolean isDuplicateKey(MongoException e) {
        int code = e instanceof MongoWriteException w ? w.getError().getCode() : e.getCode();
        return ErrorCategory.fromErrorCode(code) == ErrorCategory.DUPLICATE_KEY;
    }

    static RuntimeException wrap(RuntimeException e, String operation, String table, Key key) {
        if (e instanceof StoreException se) {
            return se;
        }
        String where = "table '" + table + "'" + (key == null ? "" : ", key " + key);
        if (e instanceof BsonSerializationException) {
            return new ItemTooLargeException(table, key, "MongoDB refused the document: " + e.getMessage());
        }
        if (!(e instanceof MongoException m)) {
            return new StoreException("MongoDB " + operation + " failed on " + where + ": " + e, table, key, e);
        }
        if (unavailable(m)) {
            return new StoreUnavailableException("MongoDB is unavailable for " + operation + " on " + where + ": "
                    + m.getMessage(), table, key, m);
        }
        int code = m instanceof MongoWriteException w ? w.getError().getCode() : m.getCode();
        if (TOO_LARGE.contains(code) && m.getMessage() != null && m.getMessage().toLowerCase().contains("size")) {
            return new ItemTooLargeException(table, key, "MongoDB refused the document as too large: " + m.getMessage());
        }
        return new StoreException("MongoDB " + operation + " failed on " + where + " (code " + code + "): "
                + m.getMessage(), table, key, m);
    }

    private static boolean unavailable(MongoException m) {
        return m instanceof MongoSocketException || m instanceof MongoTimeoutException
                || m instanceof MongoNotPrimaryException || m instanceof MongoNodeIsRecoveringException
                || m instanceof MongoConnectionPoolClearedException || m instanceof MongoInterruptedException
                || m instanceof MongoExecutionTimeoutException || m instanceof MongoWriteConcernException
                || m.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)
                || m.hasErrorLabel("RetryableWriteError")
                || (m instanceof MongoCommandException c && c.getErrorCode() == 91);
    }
}
