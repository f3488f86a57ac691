package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * The kit on the in-memory store with its atomic writes and native linked reads hidden, so that every
 * technique's ordered, repairable protocol (the path stores without transactions take) and the
 * level-by-level linked reads of stores that do not follow links themselves are proven here too.
 */
class MemoryWithoutAtomicWritesConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return new CapabilityMaskingBackend(new MemoryBackend(), Capability.ATOMIC_WRITES,
                Capability.ATOMIC_WRITES_SINGLE_PARTITION, Capability.NATIVE_LINKED_READS);
    }

    @Override
    protected KitProfile kitProfile() {
        return KitProfile.inProcess();
    }
}
