package dev.nosqlpatterns.spark;

import org.apache.spark.sql.SparkSession;

/** One local[2] session for all the tests of the JVM: Spark starts slowly. */
final class TestSpark {
    private static SparkSession session;

    private TestSpark() {
    }

    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder().appName("nosqlpatterns-spark-tests").master("local[2]")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.default.parallelism", "4")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
        }
        return session;
    }
}
