/**
 * Scans done well: reading a whole table for a bulk job without starving the application.
 * {@link dev.nosqlpatterns.scan.BulkScan} splits the table into segments read in parallel under an
 * items-per-second budget and resumes an interrupted run from where each segment got to
 * ({@link dev.nosqlpatterns.scan.SegmentPosition}, {@link dev.nosqlpatterns.scan.ScanInterruptedException}).
 *
 * <p>{@link dev.nosqlpatterns.scan.ShadowTable} keeps a projected copy of a table for scan-heavy readers,
 * so their scans read small items and stay away from the primary table.
 */
package dev.nosqlpatterns.scan;
