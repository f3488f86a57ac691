package dev.nosqlpatterns.redis.embedded;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real redis-server started for tests, examples and benchmarks: no persistence ({@code --save ""
 * --appendonly no}), bound to 127.0.0.1 on a free port, in a temporary directory.
 *
 * <p>The binary is, in this order: the file named by the system property {@code nosqlpatterns.redis.server}
 * or the environment variable {@code NOSQLPATTERNS_REDIS_SERVER}; {@code redis-server} on the PATH (e.g.
 * Debian's package); the binary shipped in {@code com.github.codemonstur:embedded-redis}, an optional
 * dependency of this module that a caller adds to use it. {@link #shared()} starts one server per JVM,
 * stopped when the JVM exits.
 */
public final class EmbeddedRedis implements AutoCloseable {
    private static final long START_TIMEOUT_MS = 20_000;
    private static EmbeddedRedis shared;
    private static String extracted;

    private volatile Process process;
    private final int port;
    private final Path dir;
    private final String executable;
    private final List<String> command;

    private EmbeddedRedis(Process process, int port, Path dir, String executable, List<String> command) {
        this.process = process;
        this.port = port;
        this.dir = dir;
        this.executable = executable;
        this.command = List.copyOf(command);
    }

    /** The server of this JVM, started on first use and stopped by a shutdown hook. */
    public static synchronized EmbeddedRedis shared() {
        if (shared == null || !shared.process.isAlive()) {
            EmbeddedRedis started = start();
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-redis-stop"));
            shared = started;
        }
        return shared;
    }

    /**
     * Starts a new server; the caller closes it. {@code extraArguments} are added to the command line,
     * e.g. {@code "--cluster-enabled", "yes"} for a cluster node (its files go to the server's own directory).
     */
    public static EmbeddedRedis start(String... extraArguments) {
        String executable = executable();
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            Path dir = null;
            try {
                dir = Files.createTempDirectory("nosqlpatterns-redis");
                int port = freePort();
                File log = dir.resolve("redis.log").toFile();
                List<String> command = new ArrayList<>(List.of(executable, "--port", Integer.toString(port),
                        "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no",
                        "--dir", dir.toString()));
                command.addAll(List.of(extraArguments));
                Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
                EmbeddedRedis server = new EmbeddedRedis(p, port, dir, executable, command);
                if (server.awaitReady()) {
                    return server;
                }
                String output = Files.readString(log.toPath());
                server.close();
                last = new IOException("redis-server (" + executable + ") did not start on port " + port + ": " + output);
            } catch (IOException e) {
                last = e;
                deleteQuietly(dir);
            }
        }
        throw new UncheckedIOException("cannot start redis-server", last);
    }

    /** The redis-server binary to run, chosen as the class documentation says. */
    public static String executable() {
        String given = System.getProperty("nosqlpatterns.redis.server", System.getenv("NOSQLPATTERNS_REDIS_SERVER"));
        if (given != null && !given.isBlank()) {
            return given;
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                File f = new File(d, "redis-server");
                if (f.isFile() && f.canExecute()) {
                    return f.getAbsolutePath();
                }
            }
        }
        try {
            synchronized (EmbeddedRedis.class) {
                if (extracted == null || !new File(extracted).canExecute()) {
                    extracted = redis.embedded.core.ExecutableProvider.newJarResourceProvider().get().getAbsolutePath();
                }
                return extracted;
            }
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("no redis-server found: install one on the PATH, name one with"
                    + " NOSQLPATTERNS_REDIS_SERVER, or add com.github.codemonstur:embedded-redis to the class path", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the redis-server binary of embedded-redis", e);
        }
    }

    /** {@code redis://127.0.0.1:port}. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The binary this server runs. */
    public String executablePath() {
        return executable;
    }

    /**
     * Kills the server at once (SIGKILL), as a crash would: no reply is finished, nothing is saved. Its
     * directory stays, so that {@link #restart()} finds the files it persisted (an append-only file, say).
     */
    public void kill() {
        try {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the server process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Starts the server again after {@link #kill()}, on the same port, in the same directory, with the same
     * arguments; waits until it answers PING.
     */
    public void restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("the server on port " + port + " still runs");
        }
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
                process = p;
                if (awaitReady()) {
                    return;
                }
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                Thread.sleep(100);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot restart redis-server on port " + port, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while restarting redis-server on port " + port, e);
            }
        }
        throw new IllegalStateException("redis-server did not restart on port " + port);
    }

    /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its directory. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        deleteQuietly(dir);
    }

    /** Waits until the server answers PING, or it died, or the start timeout passed. */
    private boolean awaitReady() {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline && process.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                s.setSoTimeout(1000);
                OutputStream out = s.getOutputStream();
                out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = s.getInputStream();
                byte[] reply = new byte[7];
                int n = in.read(reply);
                if (n > 0 && new String(reply, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG")) {
                    return true;
                }
            } catch (IOException e) {
                // not listening yet
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(files.sorted(Comparator.reverseOrder()).toList());
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }

    @Override
    public String toString() {
        return "EmbeddedRedis[" + uri() + ", " + executable + "]";
    }
}
