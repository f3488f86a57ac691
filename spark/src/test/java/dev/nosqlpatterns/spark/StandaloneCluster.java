package dev.nosqlpatterns.spark;

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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster on 127.0.0.1 for tests: a master and workers, each a child JVM on this JVM's class
 * path, with small heaps and every file (logs, work and scratch directories) under one directory. The executors
 * the workers start are children of theirs; {@link #close()} (also run at this JVM's exit) destroys them all.
 */
final class StandaloneCluster implements AutoCloseable {
    private static final Pattern ALIVE_WORKERS = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");

    private final Path directory;
    private final String classPath = System.getProperty("java.class.path");
    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> workerUiPorts = new ArrayList<>();
    private final Thread hook = new Thread(this::destroyAll, "spark-test-cluster-stop");
    private final int masterPort;
    private final int masterUiPort;

    private StandaloneCluster(Path directory) {
        this.directory = directory;
        this.masterPort = freePort();
        this.masterUiPort = freePort();
    }

    /** Starts a master and {@code workers} workers of one core each, and waits until every worker is registered. */
    static StandaloneCluster start(Path directory, int workers, int workerMemoryMb, Duration timeout) {
        StandaloneCluster cluster = new StandaloneCluster(directory);
        Runtime.getRuntime().addShutdownHook(cluster.hook);
        try {
            Files.createDirectories(directory.resolve("spark-home/jars"));
            cluster.launch("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                    Integer.toString(cluster.masterPort), "--webui-port", Integer.toString(cluster.masterUiPort));
            for (int i = 0; i < workers; i++) {
                int ui = freePort();
                cluster.workerUiPorts.add(ui);
                Path work = Files.createDirectories(directory.resolve("worker-" + i));
                cluster.launch("worker-" + i, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                        "--webui-port", Integer.toString(ui), "--cores", "1", "--memory", workerMemoryMb + "m",
                        "--work-dir", work.toString(), cluster.masterUrl());
            }
            cluster.awaitWorkers(workers, timeout);
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** {@code spark://127.0.0.1:port}. */
    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    /** The web UI port of each worker, in the order started: executor log URLs name it. */
    List<Integer> workerUiPorts() {
        return List.copyOf(workerUiPorts);
    }

    /** The class path the executors need: this JVM's. */
    String classPath() {
        return classPath;
    }

    Path directory() {
        return directory;
    }

    private void launch(String name, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xms32m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(System.getProperty("nosqlpatterns.spark.jvmOptions", "").trim().split("\\s+")));
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
