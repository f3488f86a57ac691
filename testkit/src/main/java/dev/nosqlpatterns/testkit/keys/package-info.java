/**
 * Conformance suites of the key techniques: composite-key indexes
 * ({@link dev.nosqlpatterns.testkit.keys.CompositeIndexSuite}), enumerable keys and time buckets
 * ({@link dev.nosqlpatterns.testkit.keys.EnumerableKeysSuite}), frame aggregations, and the value order of
 * typed sort keys on the store ({@link dev.nosqlpatterns.testkit.keys.TypedKeyOrderSuite}).
 */
package dev.nosqlpatterns.testkit.keys;
