package dev.nosqlpatterns.cassandra.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One node's JVM: how it is launched from a directory holding its configuration, how readiness is
 * awaited, and how it is stopped or killed. Shared by the single node and the cluster.
 */
final class NodeProcess {
    private final Path directory;
    private final String host;
    private final int nativePort;
    private final List<String> command;
    private Process process;

    private NodeProcess(Path directory, String host, int nativePort, List<String> command) {
        this.directory = directory;
        this.host = host;
        this.nativePort = nativePort;
        this.command = command;
    }

    /**
     * Launches a node whose files {@link NodeFiles#write} put in {@code directory}, and waits for clients; a
     * node that may be killed and started again needs a {@code durableSchema}.
     */
    static NodeProcess start(NodeLaunch launch, Path directory, String host, int nativePort, boolean durableSchema) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launch.javaExecutable().toString());
        cmd.addAll(NodeFiles.jvmOptions(directory, launch, durableSchema));
        cmd.add("-cp");
        cmd.add(launch.classPath());
        cmd.add(NodeMain.class.getName());
        NodeProcess node = new NodeProcess(directory, host, nativePort, List.copyOf(cmd));
        node.launch(launch.startupTimeout());
        return node;
    }

    /** Starts the node again on the same files, after a stop or a kill, and waits for clients. */
    void launch(Duration startupTimeout) {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("the node at " + host + " is running already");
        }
        long begin = System.nanoTime();
        try {
            process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Cassandra at " + host, e);
        }
        try {
            awaitClients(begin + startupTimeout.toNanos(), startupTimeout);
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private void awaitClients(long deadline, Duration timeout) {
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Cassandra at " + host + " exited with code " + process.exitValue()
                        + " while starting; its output ends with:\n" + tail(logFile()));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, nativePort), 200);
                return;
            } catch (IOException notYet) {
                sleep(100);
            }
        }
        throw new IllegalStateException("Cassandra at " + host + " did not accept clients within " + timeout
                + "; its output ends with:\n" + tail(logFile()));
    }

    Path logFile() {
        return directory.resolve("node.log");
    }

    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Ends the process at once, as a crash or {@code kill -9} would: nothing is flushed or announced. */
    void kill() {
        if (process != null) {
            try {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the node cleanly: it drains and exits when its input closes. */
    void stop() {
        if (process == null || !process.isAlive()) {
            return;
        }
        try {
            process.getOutputStream().close();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A port free on every one of {@code hosts}, so that nodes on loopback aliases can share it. */
    static int freePort(List<String> hosts) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(hosts.get(0)))) {
                port = s.getLocalPort();
            }
            if (freeOnAll(hosts, port)) {
                return port;
            }
        }
        throw new IOException("no port is free on all of " + hosts);
    }

    private static boolean freeOnAll(List<String> hosts, int port) {
        for (String host : hosts) {
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(host))) {
                s.setReuseAddress(true);
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Cassandra", e);
        }
    }

    static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    static Path newDirectory() {
        try {
            return Files.createTempDirectory("nosqlpatterns-cassandra-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the node's directory", e);
        }
    }

    static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // leftovers in the temporary directory are harmless
        }
    }
}
