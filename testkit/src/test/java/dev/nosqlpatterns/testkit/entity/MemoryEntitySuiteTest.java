package dev.nosqlpatterns.testkit.entity;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;

/** The entity suite on the in-memory reference store. */
class MemoryEntitySuiteTest extends EntitySuite {
    @Override
    protected StoreBackend openBackend() {
        return new MemoryBackend();
    }
}
