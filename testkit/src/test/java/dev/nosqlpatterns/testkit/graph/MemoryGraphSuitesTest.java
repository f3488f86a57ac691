package dev.nosqlpatterns.testkit.graph;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/** Every batch-graph suite on the in-memory store. */
class MemoryGraphSuitesTest {

    @Nested
    class Graphs extends BatchGraphSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Crashes extends BatchGraphCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }
}
