/**
 * The pattern-comparison benchmarks: {@link dev.nosqlpatterns.benchmarks.PatternBenchmarks} runs every family
 * of access patterns with each competing technique on every store, checks each answer against an oracle
 * before timing it, and writes a Markdown and an HTML report of latencies, round trips, items read,
 * capacity units ({@link dev.nosqlpatterns.benchmarks.CapacityMeter}) and stored bytes, with a recommendation
 * per workload.
 *
 * <p>Come here to choose between techniques on numbers rather than on claims.
 * {@link dev.nosqlpatterns.benchmarks.Settings} picks the quick, standard or full run;
 * {@link dev.nosqlpatterns.benchmarks.Report} holds what a run measured, and
 * {@link dev.nosqlpatterns.benchmarks.ConformanceMatrix} summarizes the conformance kit's results per store.
 */
package dev.nosqlpatterns.benchmarks;
