package dev.nosqlpatterns.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One local session for all the tests of the JVM (Spark starts slowly): two worker threads, and a task is tried
 * up to four times ({@code local[2,4]}), as on a cluster, so that the fault tests see Spark's retries.
 */
final class TestSpark {
    private static SparkSession session;

    private TestSpark() {
    }

    static synchronized SparkSession session() {
        if (session == null || session.sparkContext().isStopped()) {
            session = SparkSession.builder().appName("nosqlpatterns-spark-tests").master("local[2,4]")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "2")
                    .config("spark.default.parallelism", "2")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
        }
        return session;
    }

    /** Stops the local session, so that a test can start a session of its own (one per JVM at a time). */
    static synchronized void stop() {
        if (session != null) {
            session.stop();
            session = null;
        }
    }
}
