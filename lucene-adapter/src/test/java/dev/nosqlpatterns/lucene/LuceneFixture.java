package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.lucene.embedded.EmbeddedLucene;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.function.UnaryOperator;

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
        return openBackend(b -> b);
    }

    /** A backend from a builder that {@code options} may configure further (path attributes, commits). */
    static StoreBackend openBackend(UnaryOperator<LuceneStore.Builder> options) {
        String uri = System.getProperty(VARIABLE, System.getenv(VARIABLE));
        LuceneStore.Builder b = options.apply(LuceneStore.builder());
        if (uri != null && !uri.isBlank()) {
            return b.uri(uri).buildBackend();
        }
        return b.indexWriter(EmbeddedLucene.writer()).buildBackend();
    }
}
