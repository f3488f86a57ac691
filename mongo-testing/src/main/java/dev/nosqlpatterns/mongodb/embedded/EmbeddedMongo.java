package dev.nosqlpatterns.mongodb.embedded;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * An in-process MongoDB wire-protocol server for tests, examples and benchmarks: mongo-java-server with
 * its in-memory backend, bound to 127.0.0.1 on a free port. No real mongod can be installed everywhere
 * this project builds, and this one starts in well under a second.
 *
 * <p>It lacks what a standalone mongod would not have (sessions, transactions) and more: geo queries,
 * {@code $text}, {@code explain}, and non-unique secondary indexes (accepted but not used). A store
 * opened on it discovers that and declares only what works. It needs
 * {@code de.bwaldvogel:mongo-java-server}, an optional dependency of this module that a caller adds.
 * {@link #shared()} starts one server per JVM, stopped when the JVM exits.
 */
public final class EmbeddedMongo implements AutoCloseable {
    private static EmbeddedMongo shared;

    private final MongoServer server;
    private final InetSocketAddress address;

    private EmbeddedMongo(MongoServer server, InetSocketAddress address) {
        this.server = server;
        this.address = address;
    }

    /** The server of this JVM, started on first use and stopped by a shutdown hook. */
    public static synchronized EmbeddedMongo shared() {
        if (shared == null) {
            EmbeddedMongo started = start();
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-mongo-stop"));
            shared = started;
        }
        return shared;
    }

    /** Starts a new, empty server; the caller closes it. */
    public static EmbeddedMongo start() {
        MongoServer server = new MongoServer(memoryBackend());
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return new EmbeddedMongo(server, server.getLocalAddress());
    }

    /**
     * mongo-java-server's in-memory backend, found by name: its jar shares the package
     * {@code de.bwaldvogel.mongo} with the server's core jar, so this module reads only the core and the
     * backend's jar stays on the class path (see the module's README).
     */
    private static MongoBackend memoryBackend() {
        try {
            return (MongoBackend) Class.forName("de.bwaldvogel.mongo.backend.memory.MemoryBackend")
                    .getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mongo-java-server-memory-backend is not on the class path", e);
        }
    }

    /** The port the server listens on. */
    public int port() {
        return address.getPort();
    }

    /** The connection string of this server, e.g. {@code mongodb://127.0.0.1:40123}. */
    public String uri() {
        return "mongodb://127.0.0.1:" + port();
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
