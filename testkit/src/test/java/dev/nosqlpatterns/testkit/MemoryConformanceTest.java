package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.Optional;

/**
 * The in-memory store passes the whole kit: it is the kit's reference, and its calls are cheap enough to explore
 * every mode with a thousand random schedules a test.
 */
class MemoryConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return new MemoryBackend();
    }

    /** Another memory store: nothing of the first one's data can reach it. */
    @Override
    protected Optional<SecondServer> startSecondServer() {
        return Optional.of(SecondServer.sharing("a second memory store", new MemoryBackend()));
    }

    @Override
    protected KitProfile kitProfile() {
        return KitProfile.inProcess();
    }
}
