package dev.nosqlpatterns.spark.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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

    private static final Pattern ALIVE_WORKERS = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");

    private final Path directory;
    private final int workerMemoryMb;
    private final String classPath = System.getProperty("java.class.path");
    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> workerUiPorts = new ArrayList<>();
    private final Thread hook = new Thread(this::destroyAll, "spark-local-cluster-stop");
    private final int masterPort;
    private final int masterUiPort;

    private LocalSparkCluster(Path directory, int workerMemoryMb) {
        this.directory = directory;
        this.workerMemoryMb = workerMemoryMb;
        this.masterPort = freePort();
        this.masterUiPort = freePort();
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
     * registered with the master. On failure every JVM started is destroyed and the exception names the
     * directory of their logs.
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
        try {
            Files.createDirectories(cluster.directory.resolve("spark-home/jars"));
            cluster.launch("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                    Integer.toString(cluster.masterPort), "--webui-port", Integer.toString(cluster.masterUiPort));
            for (int i = 0; i < workers; i++) {
                int ui = freePort();
                cluster.workerUiPorts.add(ui);
                Path work = Files.createDirectories(cluster.directory.resolve("worker-" + i));
                cluster.launch("worker-" + i, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                        "--webui-port", Integer.toString(ui), "--cores", "1", "--memory", workerMemoryMb + "m",
                        "--work-dir", work.toString(), cluster.masterUrl());
            }
            cluster.awaitWorkers(workers, timeout);
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
        return "spark://127.0.0.1:" + masterPort;
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

    private void launch(String name, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xms32m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(JavaModuleOptions.defaultModuleOptionArray()));
        command.addAll(List.of(System.getProperty(JVM_OPTIONS_PROPERTY, "").trim().split("\\s+")));
        command.removeIf(String::isEmpty);
        command.addAll(List.of("-Dspark.local.dir=" + directory.resolve("local"), "-cp", classPath, mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", directory.resolve("spark-home").toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOCAL_DIRS", directory.resolve("local").toString());
        env.put("SPARK_LOG_DIR", directory.toString());
        synchronized (processes) {
            processes.add(pb.start());
        }
    }

    private void awaitWorkers(int workers, Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            synchronized (processes) {
                for (Process p : processes) {
                    if (!p.isAlive()) {
                        throw new IllegalStateException("a cluster JVM exited with status " + p.exitValue()
                                + "; see the logs in " + directory);
                    }
                }
            }
            try {
                String json = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUiPort + "/json/"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
                Matcher m = ALIVE_WORKERS.matcher(json);
                if (m.find() && Integer.parseInt(m.group(1)) >= workers) {
                    return;
                }
                last = m.find(0) ? m.group(1) + " workers alive" : "no worker count in the answer";
            } catch (IOException e) {
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the workers", e);
            }
            sleep(500);
        }
        throw new IllegalStateException("the cluster did not have " + workers + " workers within " + timeout + " ("
                + last + "); see the logs in " + directory);
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

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }
}
