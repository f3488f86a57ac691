package dev.nosqlpatterns.testkit.tree;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/** Every tree suite on the in-memory store, the reference the suites are written against. */
class MemoryTreeSuitesTest {

    @Nested
    class Api extends TreeSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class RandomOperations extends TreeOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Costs extends TreeCostSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Concurrency extends TreeConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Crashes extends TreeCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Layouts extends TreeLayoutSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }
}
