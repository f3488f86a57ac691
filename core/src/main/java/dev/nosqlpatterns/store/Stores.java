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
        Objects.requireNonNull(uri, "store URI must not be null");
        URI parsed;
        try {
            // "memory:" has no scheme-specific part, which java.net.URI refuses; read it as "memory:/".
            parsed = URI.create(uri.matches("[A-Za-z][A-Za-z0-9+.-]*:") ? uri + "/" : uri);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store URI '" + uri + "' is malformed: " + e.getMessage(), e);
        }
        return open(parsed);
    }

    public static Store open(URI uri) {
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new IllegalArgumentException("store URI '" + uri + "' has no scheme; use e.g. memory: or redis://host:port");
        }
        List<String> known = new ArrayList<>();
        for (StoreProvider provider : ServiceLoader.load(StoreProvider.class)) {
            if (provider.scheme().equalsIgnoreCase(scheme)) {
                return Store.of(provider.open(uri));
            }
            known.add(provider.scheme());
        }
        throw new IllegalArgumentException("no store adapter for scheme '" + scheme + "' in URI '" + uri
                + "'; adapters on the class path handle " + known + "; add the adapter's module as a dependency");
    }
}
