package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * Opens a store from a URI through the adapters on the class path: {@code memory:},
 * {@code dynamodb://host:port}, {@code cassandra://host:port/keyspace}, {@code mongodb://...},
 * {@code redis://...}, {@code lucene:/path}.
 */
public final class Stores {
    private Stores() {
    }

    public static Store open(String uri) {
        return open(parsed(uri));
    }

    private static URI parsed(String uri) {
        Objects.requireNonNull(uri, "store URI must not be null");
        try {
            // "memory:" has no scheme-specific part, which java.net.URI refuses; read it as "memory:/".
            return URI.create(uri.matches("[A-Za-z][A-Za-z0-9+.-]*:") ? uri + "/" : uri);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store URI '" + uri + "' is malformed: " + e.getMessage(), e);
        }
    }

    public static Store open(URI uri) {
        return Store.of(backend(uri));
    }

    /**
     * Opens the store at {@code uri} with the clock, tenant and observers of {@code observedWith}: every call through
     * it reaches the cost listeners and observers registered on either, e.g. a store per tenant (the silo model)
     * whose costs reach the meters bound once to the application's main store. Closing it closes what it opened and
     * leaves {@code observedWith} open.
     */
    public static Store open(String uri, Store observedWith) {
        Objects.requireNonNull(observedWith, "the store to share observers with must not be null");
        dev.nosqlpatterns.store.spi.StoreBackend opened = backend(parsed(uri));
        return observedWith.view(own -> opened);
    }

    private static dev.nosqlpatterns.store.spi.StoreBackend backend(URI uri) {
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new IllegalArgumentException("store URI '" + uri + "' has no scheme; use e.g. memory: or redis://host:port");
        }
        List<String> known = new ArrayList<>();
        for (StoreProvider provider : ServiceLoader.load(StoreProvider.class)) {
            if (provider.scheme().equalsIgnoreCase(scheme)) {
                return provider.open(uri);
            }
            known.add(provider.scheme());
        }
        throw new IllegalArgumentException("no store adapter for scheme '" + scheme + "' in URI '" + uri
                + "'; adapters on the class path handle " + known + "; add the adapter's module as a dependency");
    }
}
