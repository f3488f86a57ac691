/**
 * Conformance suites of batch graph processing ({@link dev.nosqlpatterns.graph.BatchGraphProcessor}):
 * distances, components and PageRank checked against an in-memory oracle
 * ({@link dev.nosqlpatterns.testkit.graph.GraphOracle}), and jobs crashed at every step and resumed
 * ({@link dev.nosqlpatterns.testkit.graph.BatchGraphCrashSuite}) with the same answers.
 */
package dev.nosqlpatterns.testkit.graph;
