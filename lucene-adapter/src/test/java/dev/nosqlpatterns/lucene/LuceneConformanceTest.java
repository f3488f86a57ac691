package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StoreConformanceKit;

/** The whole conformance kit on the Lucene backend. */
class LuceneConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return LuceneFixture.openBackend();
    }
}
