package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;

/** The data source and the jobs on DynamoDB Local, in this JVM, every logical table in one physical table. */
class DynamoDbJobsTest extends StoreJobsContract {
    @Override
    protected boolean slowCalls() {
        return true;
    }

    @Override
    protected String storeUri() {
        return DynamoDbLocal.shared().storeUri() + "?table=spark" + System.nanoTime();
    }
}
