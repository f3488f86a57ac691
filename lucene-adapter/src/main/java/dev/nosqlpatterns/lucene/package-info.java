/**
 * The Apache Lucene adapter: {@link dev.nosqlpatterns.lucene.LuceneStore} opens a store on an embedded
 * Lucene index, in memory or in a directory, with no server ({@code lucene:} URIs through
 * {@link dev.nosqlpatterns.lucene.LuceneStoreProvider}).
 *
 * <p>Lucene brings what the key-value stores lack, offered as capabilities of the store: proximity search
 * ({@link dev.nosqlpatterns.lucene.ProximitySearch}), subtree reads of materialized paths
 * ({@link dev.nosqlpatterns.lucene.MaterializedPaths}) and control of when writes are made durable
 * ({@link dev.nosqlpatterns.lucene.LuceneCommits}). Everything else here implements the storage SPI.
 */
package dev.nosqlpatterns.lucene;
