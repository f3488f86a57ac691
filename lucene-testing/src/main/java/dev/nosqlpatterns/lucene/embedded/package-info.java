/**
 * The embedded Lucene index of tests, examples and benchmarks:
 * {@link dev.nosqlpatterns.lucene.embedded.EmbeddedLucene} opens one in-memory index for the whole JVM on
 * first use, so every module starts a Lucene store the way it starts the other stores.
 */
package dev.nosqlpatterns.lucene.embedded;
