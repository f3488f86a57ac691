/**
 * Conformance suites of inverted search ({@link dev.nosqlpatterns.search.InvertedSearch}): searches and
 * reports checked against an oracle ({@link dev.nosqlpatterns.testkit.search.InvertedSearchSuite}), concurrent
 * and interleaved writers, a crash at every step of an index write, and expiring documents.
 */
package dev.nosqlpatterns.testkit.search;
