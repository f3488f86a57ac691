package dev.nosqlpatterns.tree;

import java.time.Duration;
import java.util.function.Function;

/** The settings a {@link Trees.Builder} fixed for a tree. {@code label} is null for "label by id". */
record TreeOptions<T>(Function<? super T, String> label, int pageSize, int maxAttempts, Duration lease,
                      boolean atomicWrites, long nestedSetNumbers,
                      Duration tombstoneGrace) {
}
