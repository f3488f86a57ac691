package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;

/**
 * The jobs and the data source inside one tenant of the in-process MongoDB wire-protocol server, in a database of its
 * own per run.
 */
class MongoTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        return EmbeddedMongo.shared().uri() + "/sparkTenants" + System.nanoTime();
    }
}
