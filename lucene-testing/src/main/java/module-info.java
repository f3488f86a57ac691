/**
 * For tests only: an in-memory Lucene index writer shared by a test run.
 */
module dev.nosqlpatterns.lucene.testing {
    requires transitive org.apache.lucene.core;

    exports dev.nosqlpatterns.lucene.embedded;
}
