package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;

/** Tasks that die at every write step, and invalid rows, on the in-process MongoDB wire-protocol server. */
class MongoTaskFailureTest extends TaskFailureContract {
    @Override
    protected String storeUri() {
        return EmbeddedMongo.shared().uri() + "/sparkFaults" + System.nanoTime();
    }
}
