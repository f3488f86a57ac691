package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;

/** The data source and the jobs on an embedded Redis server. */
class RedisJobsTest extends StoreJobsContract {
    @Override
    protected String storeUri() {
        return EmbeddedRedis.shared().uri() + "?prefix=spark" + System.nanoTime() + ":";
    }
}
