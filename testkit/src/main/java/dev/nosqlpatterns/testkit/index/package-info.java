/**
 * Conformance suites of index tables ({@link dev.nosqlpatterns.index.IndexTable}): lookups and uniqueness
 * ({@link dev.nosqlpatterns.testkit.index.IndexTableSuite}), a crash at every step of a write
 * ({@link dev.nosqlpatterns.testkit.index.IndexTableCrashSuite}), interleaved writers, and derived entries of
 * expiring items; every lookup must match the base table once repaired.
 */
package dev.nosqlpatterns.testkit.index;
