/**
 * Conformance suites of relations: adjacency lists and application-side joins
 * ({@link dev.nosqlpatterns.testkit.relation.RelationSuite}), alone and under interleaved writers, where both
 * directions of a link must agree.
 */
package dev.nosqlpatterns.testkit.relation;
