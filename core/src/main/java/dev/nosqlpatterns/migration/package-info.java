/**
 * Schema versions and online migrations of entity types: a {@link dev.nosqlpatterns.migration.Migration} says
 * what changes (a transform, new key templates or table, new indexes), a
 * {@link dev.nosqlpatterns.migration.MigrationJob} runs it while the application keeps writing: dual writes through
 * the {@link dev.nosqlpatterns.entity.EntityRepository}, a segmented, resumable, rate-limited backfill, a cut-over,
 * a verification ending at zero drift, and the clean-up of the old form. Its state lives in the store, so a
 * crash at any step resumes from the last checkpoint, in the same process or another.
 *
 * <p>A change of an item's attributes alone needs no job: declare the type's
 * {@link dev.nosqlpatterns.entity.EntityType.Builder#schemaVersion schema version} and an
 * {@link dev.nosqlpatterns.entity.EntityType.Builder#upgrade upgrade} step, and older items are upgraded as they
 * are read (a lazy migration).
 */
package dev.nosqlpatterns.migration;
