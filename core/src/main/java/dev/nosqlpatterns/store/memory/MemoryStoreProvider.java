package dev.nosqlpatterns.store.memory;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/** Opens {@code memory:} URIs: each open gives a new, empty store. */
public final class MemoryStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "memory";
    }

    @Override
    public StoreBackend open(URI uri) {
        return new MemoryBackend();
    }
}
