package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the memory store (its embedded default, or NOSQLPATTERNS_MEMORY_URI). */
class MemoryExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("memory", System.getenv());
    }
}
