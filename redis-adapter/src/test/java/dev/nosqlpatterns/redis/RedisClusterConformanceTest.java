package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/**
 * The whole conformance kit against a three-node Redis Cluster: partitions spread over the nodes, atomic
 * writes only within a partition, no native indexes (the kit skips those tests).
 */
class RedisClusterConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(LocalCluster.client()).keyPrefix("nspc:").buildBackend();
    }
}
