/**
 * Conformance suites of aggregates with optimistic versions ({@link dev.nosqlpatterns.testkit.aggregate.AggregateSuite}),
 * alone and under interleaved writers, where no update may be lost.
 */
package dev.nosqlpatterns.testkit.aggregate;
