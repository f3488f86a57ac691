package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/**
 * Opens {@code rediss://} URIs (Redis over TLS, trusting the JVM's default trust store), so that the URIs
 * hosted Redis services hand out work as they are. Otherwise like {@link RedisStoreProvider}.
 */
public final class RedisTlsStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "rediss";
    }

    @Override
    public StoreBackend open(URI uri) {
        return RedisStore.builder().uri(uri).buildBackend();
    }
}
