/**
 * A Spark standalone cluster on 127.0.0.1 for tests and benchmarks, so that Spark jobs run in executor JVMs of
 * their own, as on a real cluster: see {@link dev.nosqlpatterns.spark.embedded.LocalSparkCluster}.
 */
package dev.nosqlpatterns.spark.embedded;
