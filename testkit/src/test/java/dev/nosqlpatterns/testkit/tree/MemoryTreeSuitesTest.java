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
}
