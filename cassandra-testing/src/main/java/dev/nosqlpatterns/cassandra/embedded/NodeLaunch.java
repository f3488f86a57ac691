package dev.nosqlpatterns.cassandra.embedded;

import java.nio.file.Path;
import java.time.Duration;

/** How every node of a start is run: its JDK, heap, readiness timeout and class path. */
record NodeLaunch(Path javaExecutable, int maxHeapMegabytes, Duration startupTimeout, String classPath) {
}
