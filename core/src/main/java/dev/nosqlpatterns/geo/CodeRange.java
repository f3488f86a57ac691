package dev.nosqlpatterns.geo;

/**
 * A run of 64-bit Morton codes, both ends included, ordered as unsigned numbers: one key range a store
 * reads with a single range query.
 *
 * @param first the smallest code in the range
 * @param last  the largest code in the range, not below {@code first} (unsigned)
 */
public record CodeRange(long first, long last) {

    /** Checks that {@code first} is not above {@code last}. */
    public CodeRange {
        if (Long.compareUnsigned(first, last) > 0) {
            throw new IllegalArgumentException("code range starts at 0x" + Long.toHexString(first)
                    + ", above its end 0x" + Long.toHexString(last) + " (unsigned)");
        }
    }

    /** The range of codes of one cell. */
    public static CodeRange of(GeoCell cell) {
        return new CodeRange(cell.first(), cell.last());
    }

    public boolean contains(long code) {
        return Long.compareUnsigned(code, first) >= 0 && Long.compareUnsigned(code, last) <= 0;
    }

    @Override
    public String toString() {
        return "[0x" + Long.toHexString(first) + ", 0x" + Long.toHexString(last) + "]";
    }
}
