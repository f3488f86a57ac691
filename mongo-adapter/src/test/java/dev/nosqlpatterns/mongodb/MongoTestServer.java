package dev.nosqlpatterns.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * The MongoDB the tests use, once per JVM: the one named by NOSQLPATTERNS_MONGODB_URI (environment variable
 * or system property) when given, otherwise the in-process {@link EmbeddedMongo}. Testcontainers is not
 * used: no Docker engine runs where this project builds; give a URI to run the suites on a real MongoDB.
 */
final class MongoTestServer {
    static final String URI_VARIABLE = "NOSQLPATTERNS_MONGODB_URI";
    static final String DATABASE = "nosqlpatterns_test";

    private static String uri;
    private static MongoClient client;

    private MongoTestServer() {
    }

    static synchronized String uri() {
        if (uri == null) {
            String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
            uri = given != null && !given.isBlank() ? given : EmbeddedMongo.shared().uri();
        }
        return uri;
    }

    /** True when the tests run on the embedded server rather than a MongoDB given by URI. */
    static boolean embedded() {
        uri();
        String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
        return given == null || given.isBlank();
    }

    /** One client shared by the tests; closed when the JVM exits. */
    static synchronized MongoClient client() {
        if (client == null) {
            MongoClient c = MongoClients.create(uri());
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "mongo-test-client-close"));
            client = c;
        }
        return client;
    }

    static StoreBackend backend() {
        return MongoStore.builder().client(client()).database(DATABASE).buildBackend();
    }
}
