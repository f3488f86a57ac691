package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.store.Store;

/**
 * The application's {@link Store} bound to its Micrometer registries by
 * {@link NosqlPatternsObservationAutoConfiguration}: a bean of this type means the store is observed, and
 * closing it (with the application context) ends the binding. Define a bean of this type to bind the store
 * yourself and keep the auto-configuration out.
 */
public final class StoreObservation implements AutoCloseable {
    private final Store.Registration registration;

    /** Holds {@code registration} until {@link #close()}. */
    public StoreObservation(Store.Registration registration) {
        this.registration = java.util.Objects.requireNonNull(registration, "registration must not be null");
    }

    /** Ends the binding: later calls on the store are no longer observed. */
    @Override
    public void close() {
        registration.close();
    }
}
