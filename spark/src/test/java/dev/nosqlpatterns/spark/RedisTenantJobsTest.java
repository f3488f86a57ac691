package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;

/** The jobs and the data source inside one tenant of an embedded Redis server. */
class RedisTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        return EmbeddedRedis.shared().uri() + "?prefix=sparkTenants" + System.nanoTime() + ":";
    }
}
