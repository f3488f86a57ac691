package dev.nosqlpatterns.verify;

import java.util.List;
import java.util.Map;

/**
 * What a check of a derived structure against its base data found: how much it examined and how many
 * derived entries disagreed (missing, stale, dangling, duplicated, unfinished). Every technique's
 * {@code verify()} and {@code repair()} answers one, so a tool can audit any index, copy, tree, cell
 * index or posting list the same way; each technique's own result type adds its specific counts.
 */
public interface Verification {
    /** Items, entries or nodes the check read. */
    long examined();

    /** Derived entries that disagreed with the base data; for a repair, those it found (and fixed). */
    long disagreements();

    /** True when nothing disagreed. */
    default boolean consistent() {
        return disagreements() == 0;
    }

    /** One line per kind of problem found, with its count; empty when consistent. */
    List<String> findings();

    /** A result from counts of problems by kind, e.g. {@code "one-sided links"}; kinds counted zero are left out. */
    static Verification of(long examined, Map<String, Long> problemsByKind) {
        return new CountedVerification(examined, problemsByKind);
    }

    /** The lines of {@link #findings()} for counts of problems by kind, in the given order. */
    static List<String> lines(Map<String, Long> problemsByKind) {
        return problemsByKind.entrySet().stream().filter(e -> e.getValue() != 0)
                .map(e -> e.getValue() + " " + e.getKey()).toList();
    }
}
