package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.model.Limits;
import java.util.List;

/** Checks of builder options, each adding a precise problem to the list instead of failing on the first. */
final class Names {
    private static final String DATABASE_FORBIDDEN = "/\\. \"$*<>:|?\u0000";

    private Names() {
    }

    static void database(String name, List<String> problems) {
        if (name.isEmpty() || name.length() > 63) {
            problems.add("database name '" + name + "' must have 1 to 63 characters");
        }
        for (char c : name.toCharArray()) {
            if (DATABASE_FORBIDDEN.indexOf(c) >= 0) {
                problems.add("database name '" + name + "' must not contain '" + (c == 0 ? "NUL" : String.valueOf(c)) + "'");
                return;
            }
        }
    }

    static void prefix(String prefix, List<String> problems) {
        if (prefix.indexOf('$') >= 0 || prefix.indexOf('\u0000') >= 0) {
            problems.add("collection prefix '" + prefix + "' must not contain '$' or NUL");
        }
        if (prefix.startsWith("system.")) {
            problems.add("collection prefix '" + prefix + "' must not start with 'system.', which MongoDB reserves");
        }
        if (prefix.length() > 64) {
            problems.add("collection prefix '" + prefix + "' is longer than 64 characters");
        }
    }

    static void limits(Limits limits, Limits max, List<String> problems) {
        if (limits.maxItemBytes() > max.maxItemBytes()) {
            problems.add("maxItemBytes " + limits.maxItemBytes() + " exceeds " + max.maxItemBytes()
                    + ", what a 16 MiB MongoDB document holds besides the key and the adapter's fields");
        }
        if (limits.maxPartitionKeyBytes() > max.maxPartitionKeyBytes()) {
            problems.add("maxPartitionKeyBytes " + limits.maxPartitionKeyBytes() + " exceeds " + max.maxPartitionKeyBytes());
        }
        if (limits.maxSortKeyBytes() > max.maxSortKeyBytes()) {
            problems.add("maxSortKeyBytes " + limits.maxSortKeyBytes() + " exceeds " + max.maxSortKeyBytes());
        }
        if (limits.maxAtomicWriteItems() > max.maxAtomicWriteItems()) {
            problems.add("maxAtomicWriteItems " + limits.maxAtomicWriteItems() + " exceeds " + max.maxAtomicWriteItems());
        }
        if (limits.maxAtomicWriteBytes() > max.maxAtomicWriteBytes()) {
            problems.add("maxAtomicWriteBytes " + limits.maxAtomicWriteBytes() + " exceeds " + max.maxAtomicWriteBytes());
        }
    }
}
