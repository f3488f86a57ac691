/**
 * The Lucene adapter: a {@code Store} over a Lucene index in process, opened from a {@code Directory} the
 * application chose or from a {@code lucene:} URI.
 */
module dev.nosqlpatterns.lucene {
    requires transitive dev.nosqlpatterns.core;
    requires transitive org.apache.lucene.core;
    requires org.apache.lucene.analysis.common;
    requires org.apache.lucene.join;
    requires org.apache.lucene.queries;

    exports dev.nosqlpatterns.lucene;

    provides dev.nosqlpatterns.store.spi.StoreProvider with dev.nosqlpatterns.lucene.LuceneStoreProvider;
}
