/**
 * Conformance suites of online migrations ({@link dev.nosqlpatterns.migration.MigrationJob}): every phase
 * with writers running ({@link dev.nosqlpatterns.testkit.migration.MigrationSuite},
 * {@link dev.nosqlpatterns.testkit.migration.MigrationWritersSuite}) and a crash at every checkpoint
 * ({@link dev.nosqlpatterns.testkit.migration.MigrationCrashSuite}); every acknowledged write must end in the
 * new form.
 */
package dev.nosqlpatterns.testkit.migration;
