package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import java.io.IOException;
import org.apache.lucene.store.AlreadyClosedException;

/** Turns what Lucene throws into the core's store exceptions, naming the table and key. */
final class Failures {
    private Failures() {
    }

    /** A Lucene call that may fail with I/O errors. */
    interface IoCall<T> {
        T call() throws IOException;
    }

    static <T> T run(String table, Key key, IoCall<T> call) {
        try {
            return call.call();
        } catch (StoreException e) {
            throw e;
        } catch (IOException e) {
            throw new StoreUnavailableException("the Lucene index failed on " + where(table, key) + ": " + e,
                    table, key, e);
        } catch (AlreadyClosedException e) {
            throw new StoreUnavailableException("the Lucene index is closed (" + where(table, key) + "): "
                    + e.getMessage(), table, key, e);
        } catch (IllegalArgumentException e) {
            if (isLucene(e)) {
                throw new InvalidRequestException(table, key, "Lucene refused the request: " + e.getMessage());
            }
            throw e;
        }
    }

    private static boolean isLucene(Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length > 0 && trace[0].getClassName().startsWith("org.apache.lucene.");
    }

    private static String where(String table, Key key) {
        return (table == null ? "the index" : "table '" + table + "'") + (key == null ? "" : ", key " + key);
    }
}
