package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.store.Store;
import java.net.URI;

/**
 * Opens stores of one kind from a URI; found with {@link java.util.ServiceLoader} by
 * {@link dev.nosqlpatterns.store.Stores#open(String)}. Each adapter registers one in
 * {@code META-INF/services/dev.nosqlpatterns.store.spi.StoreProvider}.
 */
public interface StoreProvider {

    /** The URI scheme this provider opens, e.g. {@code "dynamodb"}. */
    String scheme();

    /** Opens a store; the URI's query may carry options, which the provider documents. */
    Store open(URI uri);
}
