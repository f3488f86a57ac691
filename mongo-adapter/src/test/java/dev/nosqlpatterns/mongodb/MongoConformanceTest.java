package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit against MongoDB: the embedded server, or the one NOSQLPATTERNS_MONGODB_URI names. */
class MongoConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return MongoTestServer.backend();
    }
}
