package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/**
 * The geo suites on the in-memory store (atomic writes, so the atomic write path), on the same store
 * without atomic writes (the ordered write protocol), and on a fake native geo search.
 */
class MemoryGeoSuitesTest {

    @Nested
    class Queries extends GeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Cells extends GeoCellSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class NativeQueries extends NativeGeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class QueriesWithoutAtomicWrites extends GeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend(false, false);
        }
    }

    @Nested
    class CellsWithoutAtomicWrites extends GeoCellSuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend(false, false);
        }
    }

    @Nested
    class QueriesOnAFakeNativeGeo extends NativeGeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return new GeoTestBackend(true, true);
        }
    }
}
