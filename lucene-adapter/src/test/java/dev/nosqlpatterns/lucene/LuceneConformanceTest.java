package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.lucene.embedded.EmbeddedLucene;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.SecondServer;
import dev.nosqlpatterns.testkit.StoreConformanceKit;
import java.util.Optional;
import org.apache.lucene.index.IndexWriter;

/**
 * The whole conformance kit on the Lucene backend; the suites that need a second server get a second index in
 * memory, with a writer of its own.
 */
class LuceneConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return LuceneFixture.openBackend();
    }

    @Override
    protected Optional<SecondServer> startSecondServer() {
        IndexWriter writer = EmbeddedLucene.newWriter();
        return Optional.of(new SecondServer("a second Lucene index in memory",
                () -> LuceneStore.builder().indexWriter(writer).buildBackend(), writer::close));
    }
}
