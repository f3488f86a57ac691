package dev.nosqlpatterns.benchmarks;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on first use and then kept: lets the read and write cells of one technique share the
 * tables it creates, created only when one of them runs (a skipped or failing store creates nothing).
 */
final class Lazy<T> implements Supplier<T> {
    private Supplier<T> factory;
    private T value;

    Lazy(Supplier<T> factory) {
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override
    public synchronized T get() {
        if (factory != null) {
            value = Objects.requireNonNull(factory.get(), "factory returned null");
            factory = null;
        }
        return value;
    }

    /** Whether the value has been computed. */
    synchronized boolean isDone() {
        return factory == null;
    }
}
