package dev.nosqlpatterns.verify;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A result made of counts only.
 *
 * @param examined        items the check read
 * @param problemsByKind  problems found, by kind
 */
record CountedVerification(long examined, Map<String, Long> problemsByKind) implements Verification {
    CountedVerification {
        Objects.requireNonNull(problemsByKind, "problemsByKind");
        if (examined < 0 || problemsByKind.values().stream().anyMatch(n -> n == null || n < 0)) {
            throw new IllegalArgumentException("counts must not be negative: examined " + examined + ", "
                    + problemsByKind);
        }
        problemsByKind = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(problemsByKind));
    }

    @Override
    public long disagreements() {
        return problemsByKind.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public List<String> findings() {
        return Verification.lines(problemsByKind);
    }
}
