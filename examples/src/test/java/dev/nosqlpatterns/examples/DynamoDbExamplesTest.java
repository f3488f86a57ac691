package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.examples.cli.StoreOpener;
import dev.nosqlpatterns.store.Store;

/** The examples on the dynamodb store (its embedded default, or NOSQLPATTERNS_DYNAMODB_URI). */
class DynamoDbExamplesTest extends ExamplesOnStore {
    @Override
    protected Store openStore() {
        return StoreOpener.open("dynamodb", System.getenv());
    }
}
