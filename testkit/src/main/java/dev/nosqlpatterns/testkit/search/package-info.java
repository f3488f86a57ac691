/**
 * Conformance suites of inverted search ({@link dev.nosqlpatterns.search.InvertedSearch}): searches and
 * reports checked against an oracle ({@link dev.nosqlpatterns.testkit.search.InvertedSearchSuite}), concurrent
 * and interleaved writers, a crash at every step of an index write, and expiring documents; and of the store's
 * own full-text search ({@link dev.nosqlpatterns.testkit.search.TextSearchSuite}): dropping a whole index.
 */
package dev.nosqlpatterns.testkit.search;
