package dev.nosqlpatterns.examples;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One access pattern of an application with sample arguments filled in: running it performs the reads
 * and returns the results, so a runner can count them and measure what they cost.
 *
 * @param name        what a user of the application asks for, e.g. "articles by topic #sports"
 * @param technique   how the model answers it, e.g. "index items under the topic, one batch get"
 * @param read        performs the reads and returns one entry per result
 * @param scan        the same answer computed by a full scan, where the original design needed one, so the two
 *                    costs can be compared; it must return the same results
 */
public record AccessPattern(String name, String technique, Supplier<List<?>> read, Optional<Supplier<List<?>>> scan) {
    public AccessPattern {
        Objects.requireNonNull(name, "access pattern name must not be null");
        Objects.requireNonNull(technique, "technique of '" + name + "' must not be null");
        Objects.requireNonNull(read, "read of '" + name + "' must not be null");
        Objects.requireNonNull(scan, "scan of '" + name + "' must not be null (use Optional.empty())");
        if (name.isBlank()) {
            throw new IllegalArgumentException("access pattern name must not be blank");
        }
    }

    /** An access pattern with no scan to compare with. */
    public AccessPattern(String name, String technique, Supplier<List<?>> read) {
        this(name, technique, read, Optional.empty());
    }

    /** An access pattern with the scan it replaces. */
    public static AccessPattern replacingScan(String name, String technique, Supplier<List<?>> read,
                                              Supplier<List<?>> scan) {
        return new AccessPattern(name, technique, read, Optional.of(Objects.requireNonNull(scan, "scan must not be null")));
    }

    /** Runs the reads. */
    public List<?> run() {
        return Objects.requireNonNull(read.get(), "read of '" + name + "' returned null");
    }
}
