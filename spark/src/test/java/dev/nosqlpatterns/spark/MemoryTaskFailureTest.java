package dev.nosqlpatterns.spark;

/** Tasks that die at every write step, and invalid rows, on the in-memory store (shared within the JVM by name). */
class MemoryTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        return "memory://spark-faults-" + System.nanoTime();
    }
}
