package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/**
 * Lets {@link dev.nosqlpatterns.store.Stores#open(String)} open {@code dynamodb:} URIs; the URI's form and
 * options are described on {@link DynamoDbStore}.
 */
public final class DynamoDbStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "dynamodb";
    }

    @Override
    public StoreBackend open(URI uri) {
        return DynamoDbStore.builder().uri(uri).buildBackend();
    }
}
