/**
 * What the library costs over a store's own driver: each store's
 * {@link dev.nosqlpatterns.benchmarks.overhead.Baseline} does the operations of the overhead family by hand
 * with the official driver, on the same physical layout the adapter uses, so the benchmarks can report the
 * library's overhead against it ({@link dev.nosqlpatterns.benchmarks.overhead.Baselines} opens them).
 */
package dev.nosqlpatterns.benchmarks.overhead;
