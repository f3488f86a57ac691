package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.NativeExpirySuite;

/** Redis removes expiring item hashes itself (PEXPIREAT set by the write script). */
class RedisNativeExpiryTest extends NativeExpirySuite {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspx:").buildBackend();
    }
}
