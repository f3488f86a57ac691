package dev.nosqlpatterns.store.memory;

import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import java.util.Objects;

/**
 * Opens in-memory stores: the quick embedded default for tests, demos and trying a model before
 * choosing a backend. Uses {@link Limits#PORTABLE} unless told otherwise, so data that fits here fits
 * every store.
 */
public final class MemoryStore {
    private MemoryStore() {
    }

    /** A new, empty in-memory store with portable limits. */
    public static Store create() {
        return Store.of(new MemoryBackend());
    }

    /** A new, empty in-memory store with the given limits. */
    public static Store create(Limits limits) {
        return Store.of(new MemoryBackend(Objects.requireNonNull(limits, "limits must not be null")));
    }

    /**
     * A new, empty in-memory store with portable limits whose reads and sweep judge expiry by {@code clock}: the
     * store for a test of expiring entities that moves time forward instead of waiting.
     */
    public static Store create(java.time.Clock clock) {
        return create(Limits.PORTABLE, Objects.requireNonNull(clock, "clock must not be null"));
    }

    /**
     * A new, empty in-memory store whose reads and background sweep judge item expiry by {@code clock}: for
     * tests that move time forward instead of waiting.
     */
    public static Store create(Limits limits, java.time.Clock clock) {
        return Store.of(new MemoryBackend(limits, clock), clock);
    }
}
