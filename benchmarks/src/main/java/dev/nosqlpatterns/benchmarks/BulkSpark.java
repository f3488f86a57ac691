package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.spark.IndexJobs;
import dev.nosqlpatterns.spark.embedded.LocalSparkCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark session of the bulk family: a standalone cluster on 127.0.0.1 ({@link LocalSparkCluster}) of
 * {@code n} workers of one core, each starting one executor JVM, and a driver in the runner's JVM. So the tasks
 * run in other processes, as on a real cluster, and open the store from its URI there. A JVM holds one Spark
 * context at a time, so asking for another executor count stops the current session and cluster first; they
 * start (tens of seconds under load) in a cell's set-up, never while an operation is timed.
 */
final class BulkSpark implements AutoCloseable {
    /** Memory of each worker and of its executor. */
    static final int EXECUTOR_MEMORY_MB = 1024;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private LocalSparkCluster cluster;
    private SparkSession session;
    private Path directory;

    /** Runs {@code job} on the index jobs of a session with {@code executors} executors, started if need be. */
    synchronized IndexVerification session(int executors, Function<IndexJobs, IndexVerification> job) {
        return job.apply(new IndexJobs(start(executors), null));
    }

    /** The session on a cluster of {@code executors} workers, stopping one of another size first. */
    synchronized SparkSession start(int executors) {
        if (executors < 1) {
            throw new IllegalArgumentException("executors must be at least 1, got " + executors);
        }
        if (cluster != null && cluster.workers() != executors) {
            close();
        }
        if (cluster == null) {
            long begin = System.nanoTime();
            try {
                directory = Files.createTempDirectory("nosqlpatterns-bulk-spark");
            } catch (IOException e) {
                throw new UncheckedIOException("no directory for the Spark cluster", e);
            }
            cluster = LocalSparkCluster.start(directory, executors, EXECUTOR_MEMORY_MB, START_TIMEOUT);
            try {
                session = cluster.session("nosqlpatterns-bulk")
                        .config("spark.default.parallelism", Integer.toString(BulkFamily.SEGMENTS))
                        .config("spark.sql.shuffle.partitions", Integer.toString(BulkFamily.SEGMENTS))
                        .getOrCreate();
                session.sparkContext().setLogLevel("WARN");
                cluster.awaitExecutors(session, START_TIMEOUT);
            } catch (RuntimeException e) {
                // the logs stay, for the error names their directory
                stop(false);
                throw e;
            }
            System.out.printf(Locale.ROOT, "   bulk: Spark standalone cluster of %d executor JVM(s) ready in %.1f s%n", executors,
                    (System.nanoTime() - begin) / 1e9);
        }
        return session;
    }

    @Override
    public synchronized void close() {
        stop(true);
    }

    private void stop(boolean deleteLogs) {
        try {
            if (session != null) {
                session.stop();
            }
        } finally {
            session = null;
            if (cluster != null) {
                cluster.close();
                cluster = null;
            }
            if (deleteLogs && directory != null) {
                delete(directory);
            }
            directory = null;
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.out.println("   bulk: could not delete " + dir + ": " + e.getMessage());
        }
    }
}
