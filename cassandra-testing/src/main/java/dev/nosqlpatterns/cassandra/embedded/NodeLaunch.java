package dev.nosqlpatterns.cassandra.embedded;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How every node of a start is run: its JDK, heap, readiness timeout, class path, whether a write is
 * acknowledged only once its commit log entry is marked synced ({@code commitlog_sync: batch}), and whether
 * the node's JVM compiles its hot code with the optimizing compiler, and how many tombstones one read may
 * meet before the node fails it (0 for Cassandra's default).
 */
record NodeLaunch(Path javaExecutable, int maxHeapMegabytes, Duration startupTimeout, String classPath,
                  boolean batchCommitLog, boolean optimizingCompiler, int tombstoneFailureThreshold) {
}
