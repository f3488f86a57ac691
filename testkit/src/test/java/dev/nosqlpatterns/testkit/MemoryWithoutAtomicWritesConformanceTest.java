package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * The kit on the in-memory store with its atomic writes hidden, so that every technique's ordered,
 * repairable protocol (the path stores without transactions take) is proven here too.
 */
class MemoryWithoutAtomicWritesConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return CapabilityMaskingBackend.withoutAtomicWrites(new MemoryBackend());
    }
}
