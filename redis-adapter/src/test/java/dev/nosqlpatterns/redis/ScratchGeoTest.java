package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.geo.NearestSuite;
import dev.nosqlpatterns.testkit.geo.PolygonOracleSuite;
import org.junit.jupiter.api.Nested;

class ScratchGeoTest {
    static StoreBackend open() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspt:").buildBackend();
    }

    @Nested
    class Poly extends PolygonOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return open();
        }
    }

    @Nested
    class Near extends NearestSuite {
        @Override
        protected StoreBackend openBackend() {
            return open();
        }
    }
}
