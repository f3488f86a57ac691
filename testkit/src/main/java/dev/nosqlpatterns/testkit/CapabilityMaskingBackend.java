package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.model.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A backend that hides some of another backend's capabilities, so that a store which has them can also
 * prove the fallback a technique takes without them (e.g. the ordered, repairable protocol of a store
 * without atomic writes, or the generic geo index of a store without native geo). Native capability
 * interfaces of hidden capabilities are hidden too.
 */
public final class CapabilityMaskingBackend extends ForwardingBackend {
    private final Set<Capability> hidden;

    public CapabilityMaskingBackend(StoreBackend delegate, Capability... hidden) {
        super(delegate);
        this.hidden = hidden.length == 0 ? EnumSet.noneOf(Capability.class) : EnumSet.of(hidden[0], hidden);
    }

    /** The backend without multi-item atomic writes of either scope. */
    public static CapabilityMaskingBackend withoutAtomicWrites(StoreBackend delegate) {
        return new CapabilityMaskingBackend(delegate, Capability.ATOMIC_WRITES, Capability.ATOMIC_WRITES_SINGLE_PARTITION);
    }

    @Override
    public Capabilities capabilities() {
        EnumSet<Capability> features = EnumSet.noneOf(Capability.class);
        features.addAll(delegate.capabilities().features());
        features.removeAll(hidden);
        return new Capabilities(features);
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        boolean masked = (hidden.contains(Capability.NATIVE_SECONDARY_INDEX)
                && type == dev.nosqlpatterns.store.capability.NativeSecondaryIndexes.class)
                || (hidden.contains(Capability.NATIVE_GEO) && type == dev.nosqlpatterns.store.capability.NativeGeo.class)
                || (hidden.contains(Capability.TEXT_SEARCH) && type == dev.nosqlpatterns.store.capability.TextSearch.class)
                || (hidden.contains(Capability.NESTED_DOCUMENTS)
                        && type == dev.nosqlpatterns.store.capability.NestedDocuments.class)
                || (hidden.contains(Capability.NATIVE_LINKED_READS)
                        && type == dev.nosqlpatterns.store.capability.LinkedReads.class);
        return masked ? Optional.empty() : delegate.capability(type);
    }
}
