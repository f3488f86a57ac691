package dev.nosqlpatterns.geo;

/**
 * Bit interleaving of two 32-bit integers into one 64-bit Morton (Z-order) code, and back.
 *
 * <p>Why: a Z-order code keeps points that are close in two dimensions mostly close in one, so a
 * store that can only range-scan sorted keys can still answer two-dimensional range queries. The
 * first ({@code x}) integer takes the odd bit positions, from bit 63 down, and the second ({@code y})
 * the even ones: the code's most significant bit is x's, as a geohash starts with a longitude bit.
 * Codes compare as unsigned numbers ({@link Long#compareUnsigned}). Each conversion is a handful of
 * shifts and masks, with no loop over bits and no allocation.
 */
public final class Morton {
    private static final long B0 = 0x5555555555555555L;
    private static final long B1 = 0x3333333333333333L;
    private static final long B2 = 0x0F0F0F0F0F0F0F0FL;
    private static final long B3 = 0x00FF00FF00FF00FFL;
    private static final long B4 = 0x0000FFFF0000FFFFL;
    private static final long B5 = 0x00000000FFFFFFFFL;

    private Morton() {
    }

    /** The code whose odd bits are {@code x} and whose even bits are {@code y} (both unsigned). */
    public static long interleave(int x, int y) {
        return (spread(x) << 1) | spread(y);
    }

    /** The {@code x} integer of a code: its odd bits. */
    public static int x(long code) {
        return compact(code >>> 1);
    }

    /** The {@code y} integer of a code: its even bits. */
    public static int y(long code) {
        return compact(code);
    }

    /** Spreads the 32 bits of {@code v} to the even positions of a long. */
    static long spread(int v) {
        long x = v & B5;
        x = (x | (x << 16)) & B4;
        x = (x | (x << 8)) & B3;
        x = (x | (x << 4)) & B2;
        x = (x | (x << 2)) & B1;
        return (x | (x << 1)) & B0;
    }

    /** Gathers the even bits of {@code v} into an int; the inverse of {@link #spread}. */
    static int compact(long v) {
        long x = v & B0;
        x = (x | (x >>> 1)) & B1;
        x = (x | (x >>> 2)) & B2;
        x = (x | (x >>> 4)) & B3;
        x = (x | (x >>> 8)) & B4;
        return (int) ((x | (x >>> 16)) & B5);
    }

    /** The mask of the bits of a code below a cell of {@code bits} leading bits (0 to 64). */
    static long lowMask(int bits) {
        return bits >= 64 ? 0L : -1L >>> bits;
    }
}
