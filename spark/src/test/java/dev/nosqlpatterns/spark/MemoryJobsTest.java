package dev.nosqlpatterns.spark;

/** The data source and the jobs on the in-memory store, shared within the JVM by its name. */
class MemoryJobsTest extends StoreJobsContract {
    @Override
    protected String storeUri() {
        return "memory://spark-tests-" + System.nanoTime();
    }
}
