package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.EnumSet;
import java.util.Set;

/**
 * A backend that hides some of another backend's capabilities, so that a store which has them can also
 * prove the fallback a technique takes without them (e.g. the ordered, repairable protocol of a store
 * without atomic writes, or the generic geo index of a store without native geo). Hiding a native
 * feature hides its port.
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
        return delegate.capabilities().toBuilder().without(hidden.toArray(Capability[]::new)).build();
    }
}
