package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;

/** The in-memory store passes the whole kit: it is the kit's reference. */
class MemoryConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return new MemoryBackend();
    }
}
