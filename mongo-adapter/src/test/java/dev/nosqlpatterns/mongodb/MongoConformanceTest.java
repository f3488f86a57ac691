package dev.nosqlpatterns.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.SecondServer;
import dev.nosqlpatterns.testkit.StoreConformanceKit;
import java.util.Optional;

/**
 * The whole conformance kit against MongoDB: the embedded server, or the one NOSQLPATTERNS_MONGODB_URI names. On
 * the embedded server, the suites that need a second server get another embedded one (it starts in a fraction of
 * a second); against a real MongoDB they are skipped, as a second mongod is not cheap to start.
 */
class MongoConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return MongoTestServer.backend();
    }

    @Override
    protected Optional<SecondServer> startSecondServer() {
        if (!MongoTestServer.embedded()) {
            return Optional.empty();
        }
        EmbeddedMongo server = EmbeddedMongo.start();
        MongoClient client = MongoClients.create(server.uri());
        return Optional.of(new SecondServer("a second embedded MongoDB on port " + server.port(),
                () -> MongoStore.builder().client(client).database(MongoTestServer.DATABASE).buildBackend(), () -> {
                    try (server) {
                        client.close();
                    }
                }));
    }
}
