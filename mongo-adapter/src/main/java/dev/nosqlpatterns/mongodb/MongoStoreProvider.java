package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/**
 * Opens {@code mongodb://} URIs for {@link dev.nosqlpatterns.store.Stores#open(String)}: the URI is a
 * MongoDB connection string, read as {@link MongoStore.Builder#uri(String)} reads it.
 */
public final class MongoStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "mongodb";
    }

    @Override
    public StoreBackend open(URI uri) {
        return MongoStore.builder().uri(uri).buildBackend();
    }
}
