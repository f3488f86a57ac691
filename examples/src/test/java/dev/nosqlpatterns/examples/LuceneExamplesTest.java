package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the lucene store (its embedded default, or NOSQLPATTERNS_LUCENE_URI). */
class LuceneExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("lucene", System.getenv());
    }
}
