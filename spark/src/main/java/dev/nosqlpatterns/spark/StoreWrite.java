package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.load.BulkLoad;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * Writes rows as plain puts, {@code batchSize} at a time through {@code Store.writeBatch}, one window of rows at a
 * time. A put of the same item twice leaves the same item, so a task that Spark retries after a failure, or runs
 * twice speculatively, writes nothing different: there is nothing to undo on abort.
 *
 * <p>Invalid input is refused before it is written, window by window: each task reads up to {@code window} rows
 * of its partition (option {@code window}, default {@value BulkLoad#DEFAULT_WINDOW}, at most
 * {@value BulkLoad#MAX_WINDOW}), turns each into an item and checks it as the store checks a put (key lengths and
 * characters, attribute names and values, item size: {@code Store.validate}), and only when all of them passed
 * writes them. A row that cannot become a valid item fails the task with an exception naming its position in the
 * partition and what is wrong, and nothing of its window is written: a partition of at most {@code window} rows is
 * written whole or not at all. Earlier windows of the same partition, and other tasks' partitions, are written.
 * Memory holds one window of items per running task.
 */
final class StoreWrite implements org.apache.spark.sql.connector.write.Write, BatchWrite {
    private final TableOptions options;
    private final StructType schema;
    private final int window;

    StoreWrite(TableOptions options, StructType schema, int window) {
        if (window < 1 || window > BulkLoad.MAX_WINDOW) {
            throw new IllegalArgumentException("option 'window' must be between 1 and " + BulkLoad.MAX_WINDOW
                    + ", got " + window);
        }
        this.options = options;
        this.schema = schema;
        this.window = window;
    }

    /** The option {@code window} of a write (keys compared without case), or the default. */
    static int window(Map<String, String> writeOptions) {
        String v = null;
        for (Map.Entry<String, String> e : writeOptions.entrySet()) {
            if (e.getKey().equalsIgnoreCase("window")) {
                v = e.getValue();
            }
        }
        try {
            return v == null ? BulkLoad.DEFAULT_WINDOW : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option 'window' must be a whole number, got '" + v + "'", e);
        }
    }

    @Override
    public BatchWrite toBatch() {
        return this;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        TableOptions o = options;
        StructType s = schema;
        int w = window;
        return (DataWriterFactory) (partitionId, taskId) -> new Writer(o, s, w, partitionId);
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
        private final int windowSize;
        private final int partitionId;
        private final Store store;
        private final List<Write> window = new ArrayList<>();
        private long rows;
        private long written;

        Writer(TableOptions options, StructType schema, int windowSize, int partitionId) {
            this.options = options;
            this.schema = schema;
            this.windowSize = windowSize;
            this.partitionId = partitionId;
            this.store = Tasks.open(options);
            store.createTable(options.spec());
        }

        @Override
        public void write(InternalRow row) {
            long position = rows++;
            Write put;
            try {
                put = Write.put(options.table(), Rows.toItem(row, schema));
                store.validate(List.of(put));
            } catch (RuntimeException e) {
                long first = position - window.size();
                window.clear();
                throw new IllegalArgumentException("row " + position + " of partition " + partitionId
                        + " cannot be written to table '" + options.table() + "', so none of rows " + first + " to "
                        + position + " of the partition is written: " + e.getMessage(), e);
            }
            window.add(put);
            if (window.size() >= windowSize) {
                flush();
            }
        }

        /** Writes the checked window, {@code batchSize} items per call. */
        private void flush() {
            int batch = options.batchSize();
            for (int from = 0; from < window.size(); from += batch) {
                List<Write> part = window.subList(from, Math.min(window.size(), from + batch));
                store.writeBatch(part);
                written += part.size();
            }
            window.clear();
        }

        @Override
        public WriterCommitMessage commit() {
            flush();
            return new Written(written);
        }

        @Override
        public void abort() {
            window.clear();
        }

        @Override
        public void close() {
            // The task's end releases the store (Tasks.open).
        }
    }
}
