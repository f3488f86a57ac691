package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the cassandra store (its embedded default, or NOSQLPATTERNS_CASSANDRA_URI). */
class CassandraExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("cassandra", System.getenv());
    }
}
