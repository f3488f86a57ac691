package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;

/**
 * The jobs and the data source inside one tenant of DynamoDB Local, in this JVM, every logical table of every tenant
 * in one physical table of its own per run.
 */
class DynamoDbTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        return DynamoDbLocal.shared().storeUri() + "?table=sparkTenants" + System.nanoTime();
    }
}
