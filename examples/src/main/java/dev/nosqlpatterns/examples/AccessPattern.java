package dev.nosqlpatterns.examples;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One access pattern of an application with sample arguments filled in: running it performs the reads
 * and returns the results, so a runner can count them and measure what they cost.
 *
 * @param name        what a user of the application asks for, e.g. "articles by topic #sports"
 * @param technique   how the model answers it, e.g. "index items under the topic, one batch get"
 * @param read        performs the reads and returns one entry per result
 */
public record AccessPattern(String name, String technique, Supplier<List<?>> read) {
    public AccessPattern {
        Objects.requireNonNull(name, "access pattern name must not be null");
        Objects.requireNonNull(technique, "technique of '" + name + "' must not be null");
        Objects.requireNonNull(read, "read of '" + name + "' must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("access pattern name must not be blank");
        }
    }

    /** Runs the reads. */
    public List<?> run() {
        return Objects.requireNonNull(read.get(), "read of '" + name + "' returned null");
    }
}
