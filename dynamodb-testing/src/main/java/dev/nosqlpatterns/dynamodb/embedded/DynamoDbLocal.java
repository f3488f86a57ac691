package dev.nosqlpatterns.dynamodb.embedded;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

/**
 * DynamoDB Local running inside this JVM, in memory, on a free port: the embedded default for tests,
 * examples and benchmarks, so they need nothing but Maven. It listens on every interface (DynamoDB Local
 * has no bind-address option); {@link #endpoint()} names the loopback address.
 *
 * <p>Needs {@code com.amazonaws:DynamoDBLocal} on the class path (an optional dependency of this module:
 * declare it where you use the launcher). The server keeps one database for every access key and region
 * ({@code -sharedDb}) and sends no telemetry. {@link #shared()} starts one server per JVM on first use
 * and stops it when the JVM exits; {@link #start()} gives a server of your own to {@link #close()}.
 */
public final class DynamoDbLocal implements AutoCloseable {
    private static DynamoDbLocal shared;

    private final DynamoDBProxyServer server;
    private final int port;

    private DynamoDbLocal(DynamoDBProxyServer server, int port) {
        this.server = server;
        this.port = port;
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
        IllegalStateException failure = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int port = freePort();
            try {
                DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(new String[] {
                        "-inMemory", "-sharedDb", "-disableTelemetry", "-port", Integer.toString(port)});
                server.start();
                return new DynamoDbLocal(server, port);
            } catch (NoClassDefFoundError e) {
                throw new IllegalStateException("DynamoDB Local is not on the class path: add the dependency"
                        + " com.amazonaws:DynamoDBLocal to use the embedded launcher", e);
            } catch (Exception e) {
                failure = new IllegalStateException("DynamoDB Local did not start on port " + port + ": " + e, e);
            }
        }
        throw failure;
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

    /** Stops the server; its data is gone. */
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
