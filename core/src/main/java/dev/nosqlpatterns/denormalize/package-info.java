/**
 * Denormalization: copies of source attributes kept inside the items that are read with them, so a read
 * needs no join. Each copied attribute is a {@link dev.nosqlpatterns.denormalize.CopyRule}; the
 * {@link dev.nosqlpatterns.denormalize.Denormalizer} fills the copies in when a target is written and fans
 * every change of a source out to its copies.
 *
 * <p>Copies are derived data, and so is the reverse index from a source to its targets: {@code verify()} reports
 * the copies that drifted from their source and the index entries that disagree with the targets
 * ({@link dev.nosqlpatterns.denormalize.CopyVerification}), and {@code repair()} rewrites both.
 */
package dev.nosqlpatterns.denormalize;
