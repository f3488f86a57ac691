package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;

/**
 * Opens {@code lucene:} URIs for {@link dev.nosqlpatterns.store.Stores#open(String)}: {@code lucene:memory}
 * (a new in-memory index per open) or {@code lucene:/absolute/path}, with an optional
 * {@code ?commit=write|explicit|<n>ms}; see {@link LuceneStore.Builder#uri(String)}.
 */
public final class LuceneStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "lucene";
    }

    @Override
    public StoreBackend open(URI uri) {
        return LuceneStore.builder().uri(uri).buildBackend();
    }
}
