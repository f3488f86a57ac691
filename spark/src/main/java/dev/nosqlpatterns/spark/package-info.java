/**
 * The techniques' bulk jobs on Apache Spark, with the same answers as their single-JVM versions: index
 * backfill, verify and repair ({@link dev.nosqlpatterns.spark.IndexJobs}), shadow table rebuilds
 * ({@link dev.nosqlpatterns.spark.ShadowJobs}), online migrations ({@link dev.nosqlpatterns.spark.MigrationJobs}),
 * frame aggregations ({@link dev.nosqlpatterns.spark.FrameJobs}) and batch graph processing
 * ({@link dev.nosqlpatterns.spark.GraphJobs}), one task per scan segment. Each has a {@code *Main} class to
 * run it with {@code spark-submit}.
 *
 * <p>{@link dev.nosqlpatterns.spark.StoreDataSource} is the {@code nosqlpatterns} data source: any logical
 * table of any store as a Dataset, read in parallel and written in bounded batches ({@link
 * dev.nosqlpatterns.spark.Rows}, {@link dev.nosqlpatterns.spark.TableOptions}).
 *
 * <p>Every job and the data source can work inside one tenant of a shared store
 * ({@link dev.nosqlpatterns.spark.TenantOptions}): each task opens the store from its URI and works through the
 * tenant's handle.
 */
package dev.nosqlpatterns.spark;
