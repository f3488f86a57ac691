package dev.nosqlpatterns.cassandra.embedded;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How every node of a start is run: its JDK, heap, readiness timeout, class path, and whether a write is
 * acknowledged only once its commit log entry is marked synced ({@code commitlog_sync: batch}).
 */
record NodeLaunch(Path javaExecutable, int maxHeapMegabytes, Duration startupTimeout, String classPath,
                  boolean batchCommitLog) {
}
