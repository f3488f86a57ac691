package dev.nosqlpatterns.spark.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.launcher.JavaModuleOptions;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark standalone cluster on 127.0.0.1: a master and workers of one core each, every one a child JVM on this
 * JVM's class path, with small heaps and every file (logs, work and scratch directories) under one directory.
 * Each worker starts one executor JVM for an application whose session comes from {@link #session(String)}, so
 * a job's tasks run in processes of their own, as on a real cluster, without a Spark installation.
 *
 * <p>It exists so that tests and benchmarks can measure and check Spark jobs across executor processes on one
 * machine: anything the tasks use must therefore be reachable from another JVM (a store opened by URI from a
 * server or a directory, not a JVM-wide in-memory store). The executors are children of the workers;
 * {@link #close()} (also run at this JVM's exit) destroys them all, waiting a bounded time for each.
 *
 * <p>Every process binds its ports where the operating system puts it ({@code 0}) and the cluster reads them
 * from the process's log, {@code <name>.log} in the directory: no port is chosen ahead and then found taken by
 * another process. So the children log Spark's start-up messages at {@code INFO} through a Log4j 2 and a Logback
 * configuration the cluster writes (Spark logs through SLF4J, bound to Log4j 2 on Spark's own class path and
 * often to Logback on an application's); a configuration given among the JVM options is overridden. A class
 * path whose SLF4J binding is neither never logs them, and the start fails saying so.
 *
 * <p>The child JVMs get the {@code --add-opens} options Spark needs on Java 17 and, after them, the options in
 * the system property {@value #JVM_OPTIONS_PROPERTY} (separated by spaces).
 */
public final class LocalSparkCluster implements AutoCloseable {
    /** The system property whose value (options separated by spaces) is added to every child JVM's options. */
    public static final String JVM_OPTIONS_PROPERTY = "nosqlpatterns.spark.jvmOptions";
    /** The memory of each worker, and so of its executor, when {@link #start(Path, int)} does not say. */
    public static final int DEFAULT_WORKER_MEMORY_MB = 512;
    /** How long {@link #start(Path, int)} waits for every worker to register. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

    private static final Pattern MASTER_URL = Pattern.compile("Starting Spark master at (spark://\\S+)");
    private static final Pattern WORKER_UI_PORT =
            Pattern.compile("Successfully started service 'WorkerUI' on port (\\d+)");
    private static final Pattern REGISTERED = Pattern.compile("Successfully registered with master");
    private static final String LOG_CONFIGURATION = String.join("\n",
            "rootLogger.level = warn",
            "rootLogger.appenderRef.stdout.ref = console",
            "appender.console.type = Console",
            "appender.console.name = console",
            "appender.console.target = SYSTEM_ERR",
            "appender.console.layout.type = PatternLayout",
            "appender.console.layout.pattern = %d{HH:mm:ss.SSS} %p %c{1}: %m%n%ex",
            "logger.deploy.name = org.apache.spark.deploy",
            "logger.deploy.level = info",
            "logger.ports.name = org.apache.spark.util.Utils",
            "logger.ports.level = info",
            "");
    private static final String LOGBACK_CONFIGURATION = String.join("\n",
            "<configuration>",
            "  <appender name=\"ERR\" class=\"ch.qos.logback.core.ConsoleAppender\">",
            "    <target>System.err</target>",
            "    <encoder><pattern>%d{HH:mm:ss.SSS} %level %logger{0}: %msg%n</pattern></encoder>",
            "  </appender>",
            "  <logger name=\"org.apache.spark.deploy\" level=\"INFO\"/>",
            "  <logger name=\"org.apache.spark.util.Utils\" level=\"INFO\"/>",
            "  <root level=\"WARN\"><appender-ref ref=\"ERR\"/></root>",
            "</configuration>",
            "");

    private final Path directory;
    private final int workerMemoryMb;
    private final String classPath = System.getProperty("java.class.path");
    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> workerUiPorts = new ArrayList<>();
    private final Thread hook = new Thread(this::destroyAll, "spark-local-cluster-stop");
    private String masterUrl;

    private LocalSparkCluster(Path directory, int workerMemoryMb) {
        this.directory = directory;
        this.workerMemoryMb = workerMemoryMb;
    }

    /**
     * Starts a master and {@code workers} workers of one core and {@value #DEFAULT_WORKER_MEMORY_MB} MiB each,
     * waiting up to {@link #DEFAULT_TIMEOUT} until every worker is registered.
     */
    public static LocalSparkCluster start(Path directory, int workers) {
        return start(directory, workers, DEFAULT_WORKER_MEMORY_MB, DEFAULT_TIMEOUT);
    }

    /**
     * Starts a master and {@code workers} workers of one core and {@code workerMemoryMb} MiB each (the memory an
     * executor of {@link #session(String)} gets), and waits up to {@code timeout} until every worker is
     * registered with the master. On failure every JVM started is destroyed and the exception quotes the last
     * lines of the log of the process that failed and names the directory of every log.
     *
     * @throws IllegalArgumentException if {@code workers} is not 1 to 16, the memory below 128 MiB, or the
     *     timeout not positive
     * @throws IllegalStateException if a JVM exits early or the workers do not register in time
     */
    public static LocalSparkCluster start(Path directory, int workers, int workerMemoryMb, Duration timeout) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(timeout, "timeout");
        if (workers < 1 || workers > 16) {
            throw new IllegalArgumentException("workers must be 1 to 16, got " + workers);
        }
        if (workerMemoryMb < 128) {
            throw new IllegalArgumentException("a worker needs at least 128 MiB, got " + workerMemoryMb);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
        }
        LocalSparkCluster cluster = new LocalSparkCluster(directory.toAbsolutePath(), workerMemoryMb);
        Runtime.getRuntime().addShutdownHook(cluster.hook);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            Files.createDirectories(cluster.directory.resolve("spark-home/jars"));
            Files.writeString(cluster.directory.resolve("log4j2.properties"), LOG_CONFIGURATION);
            Files.writeString(cluster.directory.resolve("logback.xml"), LOGBACK_CONFIGURATION);
            Process master = cluster.launch("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", "0", "--webui-port", "0");
            cluster.masterUrl = cluster.awaitLog(master, "master", MASTER_URL, deadline, timeout);
            List<Process> started = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                Path work = Files.createDirectories(cluster.directory.resolve("worker-" + i));
                started.add(cluster.launch("worker-" + i, "org.apache.spark.deploy.worker.Worker", "--host",
                        "127.0.0.1", "--webui-port", "0", "--cores", "1", "--memory", workerMemoryMb + "m",
                        "--work-dir", work.toString(), cluster.masterUrl));
            }
            for (int i = 0; i < workers; i++) {
                String name = "worker-" + i;
                cluster.workerUiPorts.add(Integer.parseInt(
                        cluster.awaitLog(started.get(i), name, WORKER_UI_PORT, deadline, timeout)));
                cluster.awaitLog(started.get(i), name, REGISTERED, deadline, timeout);
            }
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e instanceof IOException io
                    ? new UncheckedIOException("could not start the cluster in " + cluster.directory, io)
                    : (RuntimeException) e;
        }
    }

    /** {@code spark://127.0.0.1:port}. */
    public String masterUrl() {
        return masterUrl;
    }

    /** How many workers the cluster has, each with one core: as many executors as an application can get. */
    public int workers() {
        return workerUiPorts.size();
    }

    /** The web UI port of each worker, in the order started: the log URLs of their executors name it. */
    public List<Integer> workerUiPorts() {
        return List.copyOf(workerUiPorts);
    }

    /**
     * The worker (its index in the order started) that started the executor with these log URLs (as a
     * {@code SparkListenerExecutorAdded} reports them), or empty when they name none of this cluster's workers.
     */
    public OptionalInt workerOf(String executorLogUrls) {
        for (int i = 0; i < workerUiPorts.size(); i++) {
            if (executorLogUrls.contains("127.0.0.1:" + workerUiPorts.get(i) + "/")) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /** The class path the executors get: this JVM's. */
    public String classPath() {
        return classPath;
    }

    /** Where the logs and the scratch and work directories are. */
    public Path directory() {
        return directory;
    }

    /**
     * A session builder for an application on this cluster: one executor of one core per worker, with the
     * workers' memory, this JVM's class path, the UI off, and the driver bound to 127.0.0.1 with its scratch
     * directory under {@link #directory()}. Callers add their own settings before {@code getOrCreate()}; a JVM
     * holds one session at a time, so stop any other first.
     */
    public SparkSession.Builder session(String appName) {
        return SparkSession.builder().appName(Objects.requireNonNull(appName, "appName")).master(masterUrl())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.local.dir", directory.resolve("driver").toString())
                .config("spark.executor.extraClassPath", classPath)
                .config("spark.executor.memory", workerMemoryMb + "m")
                .config("spark.executor.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
                .config("spark.executor.cores", "1")
                .config("spark.cores.max", Integer.toString(workers()))
                .config("spark.executorEnv.SPARK_LOCAL_IP", "127.0.0.1");
    }

    /**
     * Waits up to {@code timeout} until {@code session} (on this cluster) has an executor on every worker, so
     * that a job started next spreads over all of them.
     *
     * @throws IllegalStateException if they are not all registered in time
     */
    public void awaitExecutors(SparkSession session, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        // the status tracker counts the driver too
        while (session.sparkContext().statusTracker().getExecutorInfos().length < workers() + 1) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the application had "
                        + (session.sparkContext().statusTracker().getExecutorInfos().length - 1) + " of " + workers()
                        + " executors after " + timeout + "; see the logs in " + directory);
            }
            sleep(250);
        }
    }

    private Process launch(String name, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xms32m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(JavaModuleOptions.defaultModuleOptionArray()));
        command.addAll(List.of(System.getProperty(JVM_OPTIONS_PROPERTY, "").trim().split("\\s+")));
        command.removeIf(String::isEmpty);
        command.addAll(List.of("-Dlog4j2.configurationFile=" + directory.resolve("log4j2.properties"),
                "-Dlogback.configurationFile=" + directory.resolve("logback.xml"),
                "-Dspark.local.dir=" + directory.resolve("local"), "-cp", classPath, mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", directory.resolve("spark-home").toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOCAL_DIRS", directory.resolve("local").toString());
        env.put("SPARK_LOG_DIR", directory.toString());
        Process process = pb.start();
        synchronized (processes) {
            processes.add(process);
        }
        return process;
    }

    /**
     * Waits until the log of {@code name} has a line {@code pattern} finds, and returns its first group (or the
     * match when it has none).
     *
     * @throws IllegalStateException naming the log's last lines when the process exits or the deadline passes
     */
    private String awaitLog(Process process, String name, Pattern pattern, long deadline, Duration timeout) {
        Path log = directory.resolve(name + ".log");
        while (true) {
            List<String> lines = readLines(log);
            for (String line : lines) {
                Matcher m = pattern.matcher(line);
                if (m.find()) {
                    return m.groupCount() > 0 ? m.group(1) : m.group();
                }
            }
            String failure = !process.isAlive() ? "exited with status " + process.exitValue()
                    : System.nanoTime() > deadline ? "had not logged \"" + pattern.pattern() + "\" within " + timeout
                    + " (Spark's deploy messages at INFO, through Log4j 2 or Logback)"
                    : null;
            if (failure != null) {
                throw new IllegalStateException("the cluster's " + name + " " + failure + "; its last lines:\n  "
                        + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 8), lines.size()))
                        + "\nsee every log in " + directory);
            }
            sleep(100);
        }
    }

    private static List<String> readLines(Path log) {
        try {
            return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + log, e);
        }
    }

    /** Destroys the executors, the workers and the master. The directory and its logs stay. */
    @Override
    public void close() {
        destroyAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already exiting: the hook runs anyway.
        }
    }

    /** Destroys the workers' executors, the workers and the master; waits a bounded time for each. */
    private void destroyAll() {
        List<ProcessHandle> all = new ArrayList<>();
        synchronized (processes) {
            for (Process p : processes) {
                p.descendants().forEach(all::add);
                all.add(p.toHandle());
            }
            processes.clear();
        }
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
