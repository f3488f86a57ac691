package dev.nosqlpatterns.dynamodb.embedded;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;

/**
 * DynamoDB Local running inside this JVM, in memory, on a free port: the embedded default for tests,
 * examples and benchmarks, so they need nothing but Maven. It listens on every interface (DynamoDB Local
 * has no bind-address option); {@link #endpoint()} names the loopback address.
 *
 * <p>Needs {@code com.amazonaws:DynamoDBLocal} on the class path (an optional dependency of this module:
 * declare it where you use the launcher). The server keeps one database for every access key and region
 * ({@code -sharedDb}) and sends no telemetry. {@link #shared()} starts one server per JVM on first use
 * and stops it when the JVM exits; {@link #start()} gives a server of your own to {@link #close()}, and
 * {@link #startOnDisk(Path)} one that keeps its data in a directory, so that it can be stopped and
 * {@link #restart() restarted} on the same port with its data, as a store that goes down and comes back.
 */
public final class DynamoDbLocal implements AutoCloseable {
    private static DynamoDbLocal shared;

    private final DynamoDBProxyServer server;
    private final int port;
    private final Path directory;

    private DynamoDbLocal(DynamoDBProxyServer server, int port, Path directory) {
        this.server = server;
        this.port = port;
        this.directory = directory;
    }

    /** The JVM's shared server, started on first call and stopped at JVM exit. */
    public static synchronized DynamoDbLocal shared() {
        if (shared == null) {
            DynamoDbLocal local = start();
            Runtime.getRuntime().addShutdownHook(new Thread(local::close, "dynamodb-local-stop"));
            shared = local;
        }
        return shared;
    }

    /** Starts a new in-memory server on a free port; the caller closes it. */
    public static DynamoDbLocal start() {
        return startOnFreePort(null);
    }

    /**
     * Starts a new server on a free port that keeps its data in {@code directory} (one file for every
     * client, {@code -sharedDb}); the caller closes it, and the data stays in the directory.
     */
    public static DynamoDbLocal startOnDisk(Path directory) {
        return startOnFreePort(directory.toAbsolutePath());
    }

    /**
     * Starts this server again on the same port, after {@link #close()}: on disk with the data it had, in
     * memory empty. The caller closes the server returned.
     */
    public DynamoDbLocal restart() {
        IllegalStateException failure = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                return launch(port, directory);
            } catch (IllegalStateException e) {
                failure = e;
                try {
                    Thread.sleep(250);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
        throw failure;
    }

    private static DynamoDbLocal startOnFreePort(Path directory) {
        IllegalStateException failure = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                return launch(freePort(), directory);
            } catch (IllegalStateException e) {
                failure = e;
            }
        }
        throw failure;
    }

    private static DynamoDbLocal launch(int port, Path directory) {
        java.util.List<String> args = new java.util.ArrayList<>(directory == null ? java.util.List.of("-inMemory")
                : java.util.List.of("-dbPath", directory.toString()));
        args.addAll(java.util.List.of("-sharedDb", "-disableTelemetry", "-port", Integer.toString(port)));
        try {
            DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(args.toArray(new String[0]));
            server.start();
            return new DynamoDbLocal(server, port, directory);
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("DynamoDB Local is not on the class path: add the dependency"
                    + " com.amazonaws:DynamoDBLocal to use the embedded launcher", e);
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not start on port " + port + ": " + e, e);
        }
    }

    public int port() {
        return port;
    }

    /** The HTTP endpoint, for a client's {@code endpointOverride}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A store URI for {@code DynamoDbStore.open} or {@code Stores.open}. */
    public String storeUri() {
        return "dynamodb://127.0.0.1:" + port;
    }

    /** Stops the server; in memory its data is gone, on disk it stays in the directory. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local on port " + port + " did not stop cleanly: " + e, e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free local port for DynamoDB Local: " + e, e);
        }
    }
}
