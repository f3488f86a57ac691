package dev.nosqlpatterns.store.spi;

import java.util.function.Function;

/**
 * How an adapter's extension reports the cost of its calls: each call runs inside {@link #call}, records its
 * requests on the meter it is given, and is reported to the store's listeners and observers like every store call.
 */
@FunctionalInterface
public interface MeteredCalls {

    /**
     * Runs {@code work} as the store call {@code operation} on {@code table} (a table, an index or a set name,
     * or empty); the items of a collection it returns count as items read.
     */
    <T> T call(String operation, String table, Function<CostMeter, T> work);
}
