package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;

/** Collects unconditional writes and sends them with {@link Store#writeBatch} whenever {@code size} are waiting. */
final class WriteBuffer {
    private final Store store;
    private final int size;
    private final List<Write> pending = new ArrayList<>();
    private long written;

    WriteBuffer(Store store, int size) {
        this.store = store;
        this.size = size;
    }

    void add(Write write) {
        pending.add(write);
        if (pending.size() >= size) {
            flush();
        }
    }

    void flush() {
        if (!pending.isEmpty()) {
            store.writeBatch(pending);
            written += pending.size();
            pending.clear();
        }
    }

    long written() {
        return written;
    }
}
