package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.verify.Verification;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a repository's verify or repair found in the index tables of its entity types, index by index.
 *
 * @param byIndex the drift of each index table, by {@code <entity type>.<index>}
 */
public record EntityVerification(Map<String, IndexVerification> byIndex) implements Verification {
    public EntityVerification {
        Objects.requireNonNull(byIndex, "byIndex must not be null");
        byIndex = Collections.unmodifiableMap(new LinkedHashMap<>(byIndex));
    }

    @Override
    public long examined() {
        return byIndex.values().stream().mapToLong(IndexVerification::examined).sum();
    }

    @Override
    public long disagreements() {
        return byIndex.values().stream().mapToLong(IndexVerification::disagreements).sum();
    }

    /** Each index's findings, prefixed by its name. */
    @Override
    public List<String> findings() {
        List<String> out = new ArrayList<>();
        byIndex.forEach((name, drift) -> drift.findings().forEach(f -> out.add(name + ": " + f)));
        return out;
    }
}
