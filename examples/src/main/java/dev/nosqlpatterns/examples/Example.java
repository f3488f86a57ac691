package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.store.Store;

/**
 * One reference application, runnable on any store: it creates its tables, loads
 * its sample data and offers its access patterns by name, so the command-line program can run,
 * measure and explain every application the same way.
 */
public interface Example {

    /** The short name the command line selects it by, e.g. {@code news}. */
    String name();

    /** One line: which application and what it shows. */
    String summary();

    /**
     * Creates the example's tables on {@code store} (names starting with {@code namespace}), writes the
     * sample data and returns its access patterns, bound to that data.
     */
    Session load(Store store, String namespace);
}
