package dev.nosqlpatterns.examples;

import java.util.List;

/**
 * A loaded example: the logical tables that hold its data (for the explain view) and its access
 * patterns, in the order the application's original description lists them.
 *
 * @param tables         logical table names on the store
 * @param accessPatterns the named reads, each with sample arguments
 */
public record Session(List<String> tables, List<AccessPattern> accessPatterns) {
    public Session {
        tables = List.copyOf(tables);
        accessPatterns = List.copyOf(accessPatterns);
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a session needs at least one table");
        }
    }
}
