package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.index.Drift;
import dev.nosqlpatterns.spark.IndexJobs;
import java.util.function.Function;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark session of the bulk family: {@code local[n]}, one in-process executor with {@code n} task threads in
 * the runner's JVM. A JVM holds one Spark context at a time, so asking for another thread count stops the
 * current session first; it starts (a few seconds) in a cell's set-up, never while an operation is timed.
 */
final class BulkSpark implements AutoCloseable {
    private SparkSession session;
    private int threads;

    /** Runs {@code job} on the index jobs of a {@code local[threads]} session, started if need be. */
    synchronized Drift session(int threads, Function<IndexJobs, Drift> job) {
        return job.apply(new IndexJobs(start(threads), null));
    }

    /** The {@code local[threads]} session, stopping one with another thread count. */
    synchronized SparkSession start(int wanted) {
        if (session != null && threads != wanted) {
            close();
        }
        if (session == null) {
            session = SparkSession.builder().appName("nosqlpatterns-bulk").master("local[" + wanted + "]")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.default.parallelism", Integer.toString(BulkFamily.SEGMENTS))
                    .config("spark.sql.shuffle.partitions", Integer.toString(BulkFamily.SEGMENTS))
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
            threads = wanted;
        }
        return session;
    }

    @Override
    public synchronized void close() {
        if (session != null) {
            session.stop();
            session = null;
        }
    }
}
