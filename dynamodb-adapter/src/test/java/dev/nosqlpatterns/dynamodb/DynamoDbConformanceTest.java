package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit on DynamoDB, single-table layout (the default). */
class DynamoDbConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return DynamoDbFixture.builder().buildBackend();
    }
}
