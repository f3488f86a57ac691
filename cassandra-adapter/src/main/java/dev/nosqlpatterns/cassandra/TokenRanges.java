package dev.nosqlpatterns.cassandra;

import java.math.BigInteger;

/**
 * Splits the Murmur3 token ring into contiguous ranges, one per scan segment. Ranges are
 * {@code (lower, upper]}; the first starts at the ring's minimum, which no key hashes to, and the last ends
 * at its maximum, so together they hold every partition exactly once.
 */
final class TokenRanges {
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger SPAN = BigInteger.valueOf(Long.MAX_VALUE).subtract(MIN);

    private TokenRanges() {
    }

    /** {@code {lower (exclusive), upper (inclusive)}} of segment {@code segment} of {@code total}. */
    static long[] murmur3(int segment, int total) {
        if (total < 1 || segment < 0 || segment >= total) {
            throw new IllegalArgumentException("segment " + segment + " of " + total);
        }
        return new long[] {boundary(segment, total), boundary(segment + 1, total)};
    }

    private static long boundary(int i, int total) {
        return MIN.add(SPAN.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(total))).longValueExact();
    }
}
