package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit against a real redis-server. */
class RedisConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspt:").buildBackend();
    }
}
