package dev.nosqlpatterns.cassandra.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A real single-node Apache Cassandra, run from the {@code cassandra-all} jar in a forked JVM, for tests,
 * examples and benchmarks that need nothing but Maven.
 *
 * <p>Why a child JVM: Cassandra owns its process (static state, security manager, shutdown hooks), so it
 * cannot share the caller's JVM. The child runs on the class path of the caller (which must hold
 * {@code cassandra-all}, an optional dependency of this module) and on a JDK 11 or 17: Cassandra 5.0 does
 * not start on newer JDKs, so point {@link Builder#javaExecutable(Path)}, the system property
 * {@value #JAVA_PROPERTY} or the environment variable {@value #JAVA_ENV} at one when the caller runs on
 * another. The node keeps its data in a fresh temporary directory, listens on free loopback ports, and
 * uses settings that trade durability for start-up speed: never use it for data you want to keep.
 *
 * <p>{@link #shared()} starts one node per JVM on first use and stops it when the JVM exits;
 * {@link #builder()} starts private ones that the caller closes.
 */
public final class EmbeddedCassandra implements AutoCloseable {
    /** System property naming the {@code java} executable for the node. */
    public static final String JAVA_PROPERTY = "nosqlpatterns.cassandra.java";
    /** Environment variable naming the {@code java} executable for the node. */
    public static final String JAVA_ENV = "NOSQLPATTERNS_CASSANDRA_JAVA";
    /** The data centre name the node reports, which driver sessions must name as local. */
    public static final String DATACENTER = "datacenter1";

    private static final Object SHARED_LOCK = new Object();
    private static EmbeddedCassandra shared;

    private final NodeProcess node;
    private final Path directory;
    private final int port;
    private final Duration startupTime;

    private EmbeddedCassandra(NodeProcess node, Path directory, int port, Duration startupTime) {
        this.node = node;
        this.directory = directory;
        this.port = port;
        this.startupTime = startupTime;
    }

    /** The node of this JVM, started on the first call and stopped by a shutdown hook. */
    public static EmbeddedCassandra shared() {
        synchronized (SHARED_LOCK) {
            if (shared == null || !shared.isRunning()) {
                EmbeddedCassandra node = builder().start();
                Runtime.getRuntime().addShutdownHook(new Thread(node::close, "embedded-cassandra-stop"));
                shared = node;
            }
            return shared;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The address clients connect to. */
    public InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", port);
    }

    /** A store URI for this node and {@code keyspace}, as {@code Stores.open} takes it. */
    public URI uri(String keyspace) {
        return URI.create("cassandra://127.0.0.1:" + port + "/" + keyspace + "?datacenter=" + DATACENTER
                + "&consistency=ONE&serialConsistency=SERIAL");
    }

    /** How long the node took to accept clients. */
    public Duration startupTime() {
        return startupTime;
    }

    /** The node's output, for diagnosing a failure. */
    public Path logFile() {
        return node.logFile();
    }

    public boolean isRunning() {
        return node.isRunning();
    }

    /** Stops the node cleanly (it drains and exits when its input closes), then deletes its files. */
    @Override
    public void close() {
        try {
            node.stop();
        } finally {
            NodeProcess.deleteTree(directory);
        }
    }

    @Override
    public String toString() {
        return "EmbeddedCassandra[127.0.0.1:" + port + (isRunning() ? ", running" : ", stopped") + "]";
    }

    /** Options of a node to start; every setter checks its argument at once. */
    public static final class Builder {
        private Path javaExecutable;
        private int maxHeapMegabytes = 1024;
        private Duration startupTimeout = Duration.ofSeconds(120);
        private String classPath = System.getProperty("java.class.path");
        private boolean batchCommitLog;
        private boolean optimizingCompiler;
        private int tombstoneFailureThreshold;

        private Builder() {
            String configured = System.getProperty(JAVA_PROPERTY, System.getenv(JAVA_ENV));
            javaExecutable = configured != null && !configured.isBlank()
                    ? Paths.get(configured) : Paths.get(System.getProperty("java.home"), "bin", "java");
        }

        /** The {@code java} of a JDK 11 or 17 to run the node; by default this JVM's. */
        public Builder javaExecutable(Path java) {
            Objects.requireNonNull(java, "java executable must not be null");
            if (!Files.isExecutable(java)) {
                throw new IllegalArgumentException("java executable " + java + " does not exist or cannot be run");
            }
            this.javaExecutable = java;
            return this;
        }

        /** The node's heap ceiling; 1 GiB by default (the conformance kit keeps thousands of tables), at least 256. */
        public Builder maxHeapMegabytes(int megabytes) {
            if (megabytes < 256) {
                throw new IllegalArgumentException("the node needs a heap of at least 256 MiB, got " + megabytes);
            }
            this.maxHeapMegabytes = megabytes;
            return this;
        }

        /** How long to wait for the node to accept clients; 120 s by default. */
        public Builder startupTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "startup timeout must not be null");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("startup timeout must be positive, got " + timeout);
            }
            this.startupTimeout = timeout;
            return this;
        }

        /** The class path of the node's JVM, which must hold cassandra-all; by default this JVM's. */
        public Builder classPath(String path) {
            Objects.requireNonNull(path, "class path must not be null");
            if (path.isBlank()) {
                throw new IllegalArgumentException("class path must not be blank");
            }
            this.classPath = path;
            return this;
        }

        /**
         * Acknowledges a write only once its commit log entry is marked synced ({@code commitlog_sync: batch}),
         * so that a node killed and {@link EmbeddedCassandraCluster#restart restarted} keeps every write it
         * acknowledged (the test speed-ups still skip the flush to disk: a process kill loses nothing, a
         * machine crash could). By default the log is marked every 10 s, as Cassandra's periodic default,
         * and a killed node forgets what it acknowledged since the last mark.
         */
        public Builder commitLogSyncedBeforeAcknowledging() {
            this.batchCommitLog = true;
            return this;
        }

        /**
         * Lets the node's JVM compile its hot code with the optimizing compiler, as a production JVM does.
         * By default the node uses the quick compiler only, which starts it and warms it up sooner, the right
         * trade for tests; steady-state measurements want this instead: each request then costs the node
         * less CPU, after a longer warm-up.
         */
        public Builder optimizingCompiler() {
            this.optimizingCompiler = true;
            return this;
        }

        /**
         * How many tombstones one read may meet before the node fails it ({@code tombstone_failure_threshold},
         * 100,000 by default; the warning threshold is set to half of it). A low figure lets a test meet, at
         * a small size, what a large deletion does to later scans of a table.
         */
        public Builder tombstoneFailureThreshold(int tombstones) {
            if (tombstones < 1) {
                throw new IllegalArgumentException("the tombstone failure threshold must be at least 1, got "
                        + tombstones);
            }
            this.tombstoneFailureThreshold = tombstones;
            return this;
        }

        /** Starts a node and waits until it accepts clients; the caller closes it. */
        public EmbeddedCassandra start() {
            long begin = System.nanoTime();
            Path dir = NodeProcess.newDirectory();
            try {
                List<String> hosts = List.of("127.0.0.1");
                int storagePort = NodeProcess.freePort(hosts);
                int nativePort = NodeProcess.freePort(hosts);
                NodeFiles.write(dir, hosts.get(0), hosts.get(0), storagePort, nativePort, true, launch());
                NodeProcess node = NodeProcess.start(launch(), dir, hosts.get(0), nativePort, false);
                return new EmbeddedCassandra(node, dir, nativePort, Duration.ofNanos(System.nanoTime() - begin));
            } catch (IOException | RuntimeException e) {
                NodeProcess.deleteTree(dir);
                throw e instanceof IOException io ? new UncheckedIOException("cannot start Cassandra", io)
                        : (RuntimeException) e;
            }
        }

        /**
         * Starts a cluster of {@code nodes} nodes on the loopback addresses 127.0.0.1, 127.0.0.2 and so on
         * (Linux answers on all of 127.0.0.0/8), each in its own JVM with these options; the caller closes it.
         */
        public EmbeddedCassandraCluster startCluster(int nodes) {
            return EmbeddedCassandraCluster.start(launch(), nodes);
        }

        private NodeLaunch launch() {
            return new NodeLaunch(javaExecutable, maxHeapMegabytes, startupTimeout, classPath, batchCommitLog,
                    optimizingCompiler, tombstoneFailureThreshold);
        }
    }
}
