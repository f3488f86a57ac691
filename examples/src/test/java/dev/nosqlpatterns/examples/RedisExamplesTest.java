package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the redis store (its embedded default, or NOSQLPATTERNS_REDIS_URI). */
class RedisExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("redis", System.getenv());
    }
}
