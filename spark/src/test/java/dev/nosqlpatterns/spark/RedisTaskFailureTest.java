package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;

/** Tasks that die at every write step, and invalid rows, on an embedded Redis server. */
class RedisTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        return EmbeddedRedis.shared().uri() + "?prefix=faults" + System.nanoTime() + ":";
    }
}
