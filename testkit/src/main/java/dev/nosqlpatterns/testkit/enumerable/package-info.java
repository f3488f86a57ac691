/**
 * Conformance suites of enumerable keys: sequences, time buckets and sharded partitions
 * ({@link dev.nosqlpatterns.testkit.enumerable.EnumerableKeysSuite}), alone and under interleaved writers.
 */
package dev.nosqlpatterns.testkit.enumerable;
