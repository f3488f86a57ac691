package dev.nosqlpatterns.store.memory;

import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opens {@code memory:} URIs. {@code memory:} gives a new, empty store at each open. {@code memory://NAME}
 * names a store shared within the JVM: every open of the same name sees the same items, and closing a store
 * opened on it keeps them (so that code opening a store from its URI in several places, as distributed
 * jobs running in one JVM do, reads and writes one store).
 */
public final class MemoryStoreProvider implements StoreProvider {
    private static final Map<String, MemoryBackend> NAMED = new ConcurrentHashMap<>();

    @Override
    public String scheme() {
        return "memory";
    }

    @Override
    public StoreBackend open(URI uri) {
        String name = uri.getAuthority();
        if (name == null || name.isEmpty()) {
            return new MemoryBackend();
        }
        return NAMED.computeIfAbsent(name, n -> new MemoryBackend(Limits.PORTABLE, true));
    }
}
