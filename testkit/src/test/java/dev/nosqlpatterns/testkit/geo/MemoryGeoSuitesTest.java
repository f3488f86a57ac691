package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/**
 * The native geo strategy on a fake native geo search over the in-memory store, which has none of its
 * own (the kit runs every other geo suite on the in-memory store, with and without atomic writes).
 */
class MemoryGeoSuitesTest {

    @Nested
    class QueriesOnAFakeNativeGeo extends NativeGeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend();
        }
    }

    @Nested
    class OracleOnAFakeNativeGeo extends NativeGeoOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend();
        }
    }

    @Nested
    class PolygonsOnAFakeNativeGeo extends PolygonOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend();
        }
    }

    @Nested
    class NearestOnAFakeNativeGeo extends NearestSuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend();
        }
    }
}
