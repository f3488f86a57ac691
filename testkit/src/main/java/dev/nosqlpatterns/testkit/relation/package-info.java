/**
 * Conformance suites of relations and aggregates: adjacency lists and joins
 * ({@link dev.nosqlpatterns.testkit.relation.RelationSuite}), aggregates
 * ({@link dev.nosqlpatterns.testkit.relation.AggregateSuite}), and both under interleaved writers, where no
 * update may be lost and both directions of a link must agree.
 */
package dev.nosqlpatterns.testkit.relation;
