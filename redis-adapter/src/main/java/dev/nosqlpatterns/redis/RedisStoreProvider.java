package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/**
 * Opens {@code redis://} URIs for {@link dev.nosqlpatterns.store.Stores#open(String)}; the URI forms and
 * options are those of {@link RedisStore}. The store owns its connections and closes them with itself.
 */
public final class RedisStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "redis";
    }

    @Override
    public StoreBackend open(URI uri) {
        return RedisStore.builder().uri(uri).buildBackend();
    }
}
