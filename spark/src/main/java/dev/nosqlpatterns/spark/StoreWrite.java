package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * Writes rows as plain puts, {@code batchSize} at a time through {@code Store.writeBatch}. A put of the same
 * item twice leaves the same item, so a task that Spark retries after a failure, or runs twice speculatively,
 * writes nothing different: there is nothing to undo on abort.
 */
final class StoreWrite implements org.apache.spark.sql.connector.write.Write, BatchWrite {
    private final TableOptions options;
    private final StructType schema;

    StoreWrite(TableOptions options, StructType schema) {
        this.options = options;
        this.schema = schema;
    }

    @Override
    public BatchWrite toBatch() {
        return this;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        TableOptions o = options;
        StructType s = schema;
        return (DataWriterFactory) (partitionId, taskId) -> new Writer(o, s);
    }

    @Override
    public boolean useCommitCoordinator() {
        return false;
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        // Every batch is in the store once its task commits.
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        // Puts that were written stay: writing them again gives the same items.
    }

    /** How many items one task wrote. */
    record Written(long items) implements WriterCommitMessage {
    }

    private static final class Writer implements DataWriter<InternalRow> {
        private final TableOptions options;
        private final StructType schema;
        private final Store store;
        private final List<Write> batch = new ArrayList<>();
        private long written;

        Writer(TableOptions options, StructType schema) {
            this.options = options;
            this.schema = schema;
            this.store = Tasks.open(options);
            store.createTable(options.spec());
        }

        @Override
        public void write(InternalRow row) {
            batch.add(Write.put(options.table(), Rows.toItem(row, schema)));
            if (batch.size() >= options.batchSize()) {
                flush();
            }
        }

        private void flush() {
            if (!batch.isEmpty()) {
                store.writeBatch(batch);
                written += batch.size();
                batch.clear();
            }
        }

        @Override
        public WriterCommitMessage commit() {
            flush();
            return new Written(written);
        }

        @Override
        public void abort() {
            batch.clear();
        }

        @Override
        public void close() {
            // The task's end releases the store (Tasks.open).
        }
    }
}
