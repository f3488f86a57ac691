package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;

/** Tasks that die at every write step, and invalid rows, on DynamoDB Local (every logical table in one). */
class DynamoDbTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        return DynamoDbLocal.shared().storeUri() + "?table=faults" + System.nanoTime();
    }
}
