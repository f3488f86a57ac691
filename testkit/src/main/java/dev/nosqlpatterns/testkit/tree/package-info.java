/**
 * Conformance suites of the tree layouts ({@link dev.nosqlpatterns.tree.Tree}): the same operations on every
 * layout ({@link dev.nosqlpatterns.testkit.tree.TreeSuite}), random runs against an in-memory oracle, the
 * stored layouts, costs, concurrent and interleaved changes, and crashes in the middle of a change, after
 * which every tree must read as it was or as changed.
 */
package dev.nosqlpatterns.testkit.tree;
