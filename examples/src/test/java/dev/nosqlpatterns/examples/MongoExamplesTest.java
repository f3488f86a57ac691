package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the mongodb store (its embedded default, or NOSQLPATTERNS_MONGODB_URI). */
class MongoExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("mongodb", System.getenv());
    }
}
