package dev.nosqlpatterns.store.spi;

import java.net.URI;

/**
 * Opens backends of one kind from a URI, which the caller wraps in the store facade; found with {@link java.util.ServiceLoader} by
 * {@code dev.nosqlpatterns.store.Stores.open(String)}. Each adapter registers one in
 * {@code META-INF/services/dev.nosqlpatterns.store.spi.StoreProvider}.
 */
public interface StoreProvider {

    /** The URI scheme this provider opens, e.g. {@code "dynamodb"}. */
    String scheme();

    /** Opens a backend; the URI's query may carry options, which the provider documents. */
    StoreBackend open(URI uri);
}
