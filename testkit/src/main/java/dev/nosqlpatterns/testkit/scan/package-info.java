/**
 * Conformance suites of the scan techniques: segmented, budgeted, resumable bulk scans
 * ({@link dev.nosqlpatterns.testkit.scan.BulkScanSuite}) and shadow tables kept in step with their primary
 * table ({@link dev.nosqlpatterns.testkit.scan.ShadowTableSuite}), also under interleaved writers.
 */
package dev.nosqlpatterns.testkit.scan;
