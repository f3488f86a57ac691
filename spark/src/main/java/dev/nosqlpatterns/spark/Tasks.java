package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;

/** What every task does first: open the store from its URI, closed when the task ends. */
final class Tasks {
    private Tasks() {
    }

    /** Opens the store for the running task; the task's end closes it (outside a task, the caller closes it). */
    static Store open(String uri) {
        Store store = Stores.open(uri);
        TaskContext task = TaskContext.get();
        if (task != null) {
            task.addTaskCompletionListener((TaskCompletionListener) context -> store.close());
        }
        return store;
    }
}
