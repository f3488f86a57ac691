package dev.nosqlpatterns.store.model;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a store can do, declared by its adapter (possibly after asking the server).
 */
public record Capabilities(Set<Capability> features) {
    public Capabilities {
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
    }

    public static Capabilities of(Capability... capabilities) {
        return new Capabilities(capabilities.length == 0 ? Set.of() : EnumSet.of(capabilities[0], capabilities));
    }

    public boolean has(Capability capability) {
        return features.contains(capability);
    }

    /** True when the store can apply these writes atomically: any writes, or one partition's. */
    public boolean canWriteAtomically(boolean singlePartition) {
        return has(Capability.ATOMIC_WRITES) || (singlePartition && has(Capability.ATOMIC_WRITES_SINGLE_PARTITION));
    }

    @Override
    public String toString() {
        return "Capabilities" + EnumSet.copyOf(features.isEmpty() ? EnumSet.noneOf(Capability.class) : features);
    }
}
