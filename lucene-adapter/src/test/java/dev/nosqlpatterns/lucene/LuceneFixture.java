package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.lucene.embedded.EmbeddedLucene;
import dev.nosqlpatterns.store.spi.StoreBackend;

/**
 * Where the tests find their index: the URI in {@code NOSQLPATTERNS_LUCENE_URI} (environment variable or
 * system property, e.g. {@code lucene:/tmp/idx?commit=explicit}) when given, else the JVM-wide embedded
 * in-memory index. Lucene is a library, so there is no container to start.
 */
final class LuceneFixture {
    static final String VARIABLE = "NOSQLPATTERNS_LUCENE_URI";

    private LuceneFixture() {
    }

    static StoreBackend openBackend() {
        String uri = System.getProperty(VARIABLE, System.getenv(VARIABLE));
        LuceneStore.Builder b = LuceneStore.builder().pathAttribute("path");
        if (uri != null && !uri.isBlank()) {
            return b.uri(uri).buildBackend();
        }
        return b.indexWriter(EmbeddedLucene.writer()).buildBackend();
    }
}
