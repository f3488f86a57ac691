/**
 * One result type for checks of derived data: every technique's {@code verify()} and {@code repair()}
 * answers a {@link dev.nosqlpatterns.verify.Verification} (how much was examined, how many derived entries
 * disagreed with their base data, and why), so a tool can audit index tables, copies, trees, cell indexes
 * and posting lists the same way.
 */
package dev.nosqlpatterns.verify;
