package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * The in-memory store passes the whole kit: it is the kit's reference, and its calls are cheap enough to explore
 * every mode with a thousand random schedules a test.
 */
class MemoryConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return new MemoryBackend();
    }

    @Override
    protected KitProfile kitProfile() {
        return KitProfile.inProcess();
    }
}
