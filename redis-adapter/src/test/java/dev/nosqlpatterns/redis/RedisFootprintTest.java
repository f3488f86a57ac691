package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StorageFootprintSuite;
import org.junit.jupiter.api.Test;

/**
 * The footprint suite with a key prefix full of glob characters, which the SCAN patterns must escape
 * (the kit runs it with a plain prefix, and on a cluster).
 */
class RedisFootprintTest extends StorageFootprintSuite {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nsp*[f]?:").buildBackend();
    }

    @Test
    void globCharactersOfThePrefixAreEscaped() {
        assertArrayEquals(Keys.utf8("a\\*\\[b\\]\\?\\\\{t:*"), RedisFootprint.pattern("a*[b]?\\", "{t:"));
    }
}
