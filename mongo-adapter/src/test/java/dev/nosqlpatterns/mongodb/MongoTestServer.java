package dev.nosqlpatterns.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * The MongoDB the tests use, once per JVM: the one named by NOSQLPATTERNS_MONGODB_URI (environment variable
 * or system property) when given; else a {@code mongo:7} replica set in Docker ({@link MongoContainer})
 * when a Docker engine answers and NOSQLPATTERNS_MONGODB_DOCKER is not "false"; else the in-process
 * {@link EmbeddedMongo}.
 */
final class MongoTestServer {
    static final String URI_VARIABLE = "NOSQLPATTERNS_MONGODB_URI";
    static final String DATABASE = "nosqlpatterns_test";

    static final String DOCKER_VARIABLE = "NOSQLPATTERNS_MONGODB_DOCKER";

    private static String uri;
    private static boolean embedded;
    private static MongoClient client;

    private MongoTestServer() {
    }

    static synchronized String uri() {
        if (uri == null) {
            String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
            if (given != null && !given.isBlank()) {
                uri = given;
            } else {
                String docker = System.getProperty(DOCKER_VARIABLE, System.getenv(DOCKER_VARIABLE));
                uri = ("false".equalsIgnoreCase(docker) ? java.util.Optional.<String>empty() : MongoContainer.start())
                        .orElseGet(() -> {
                            embedded = true;
                            return EmbeddedMongo.shared().uri();
                        });
            }
        }
        return uri;
    }

    /** True when the tests run on the embedded server rather than a real MongoDB. */
    static synchronized boolean embedded() {
        uri();
        return embedded;
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
