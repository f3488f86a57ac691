package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit on DynamoDB with one physical table per logical table. */
class DynamoDbPerTableConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return DynamoDbStore.builder().client(DynamoDbFixture.client()).tablePerLogicalTable("nsp_test.").buildBackend();
    }
}
