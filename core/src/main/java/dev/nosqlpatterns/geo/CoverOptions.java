package dev.nosqlpatterns.geo;

/**
 * How a cover is cut into key ranges.
 *
 * @param maxRanges     the most ranges wanted (each costs one query); exceeded only when the shape touches
 *                      more partitions than this, since a range never spans two partitions
 * @param partitionBits leading code bits that name a partition, 0 to {@code maxBits}: ranges never cross
 *                      a cell of this size, so each range is one query in one partition (0: no partitions)
 * @param maxBits       the finest cell, 1 to 64: the precision keys are stored at (60 for 12-character
 *                      geohashes)
 */
public record CoverOptions(int maxRanges, int partitionBits, int maxBits) {

    /** The most ranges one cover may be asked for. */
    public static final int MAX_RANGES = 4096;

    /** 8 ranges, no partitions, 60-bit (12-character geohash) keys. */
    public static final CoverOptions DEFAULT = new CoverOptions(8, 0, 60);

    /** Checks every field at once. */
    public CoverOptions {
        var problems = GeoChecks.problems();
        if (maxRanges < 1 || maxRanges > MAX_RANGES) {
            problems.add("maxRanges must be from 1 to " + MAX_RANGES + ", got " + maxRanges);
        }
        if (maxBits < 1 || maxBits > 64) {
            problems.add("maxBits must be from 1 to 64, got " + maxBits);
        }
        if (partitionBits < 0 || partitionBits > Math.min(64, Math.max(1, maxBits))) {
            problems.add("partitionBits must be from 0 to maxBits (" + maxBits + "), got " + partitionBits);
        }
        GeoChecks.report(() -> "cover options", problems);
    }

    public CoverOptions withMaxRanges(int ranges) {
        return new CoverOptions(ranges, partitionBits, maxBits);
    }

    public CoverOptions withPartitionBits(int bits) {
        return new CoverOptions(maxRanges, bits, maxBits);
    }
}
