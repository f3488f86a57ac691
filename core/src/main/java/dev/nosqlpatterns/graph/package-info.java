/**
 * Batch graph processing by message passing: a directed graph stored as an adjacency list
 * ({@link dev.nosqlpatterns.graph.GraphTable}), and whole-graph jobs ({@link dev.nosqlpatterns.graph.GraphJob}:
 * breadth-first distances, connected components, PageRank) run superstep by superstep over parallel
 * segmented scans by a {@link dev.nosqlpatterns.graph.BatchGraphProcessor}, with states and messages kept
 * in the store.
 */
package dev.nosqlpatterns.graph;
