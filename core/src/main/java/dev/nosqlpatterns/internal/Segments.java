package dev.nosqlpatterns.internal;

import java.nio.charset.StandardCharsets;

/**
 * The default split of a table into scan segments, by a stable hash of the partition key, for backends
 * without a native one: every item of a partition falls in the same segment, on every run and machine.
 */
public final class Segments {
    private Segments() {
    }

    /** The segment (0 to {@code totalSegments - 1}) that holds {@code partition}. */
    public static int of(String partition, int totalSegments) {
        return Math.floorMod(hash(partition), totalSegments);
    }

    /** 32-bit FNV-1a of the UTF-8 bytes. */
    public static int hash(String partition) {
        int h = 0x811c9dc5;
        for (byte b : partition.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h;
    }
}
