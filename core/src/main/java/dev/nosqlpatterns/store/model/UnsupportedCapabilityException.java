package dev.nosqlpatterns.store.model;

/** A call that needs a {@link Capability} the store does not have. */
public class UnsupportedCapabilityException extends StoreException {
    private final Capability capability;

    public UnsupportedCapabilityException(String storeKind, Capability capability, String detail) {
        super("the " + storeKind + " store does not support " + capability + (detail.isEmpty() ? "" : ": " + detail));
        this.capability = capability;
    }

    public Capability capability() {
        return capability;
    }
}
