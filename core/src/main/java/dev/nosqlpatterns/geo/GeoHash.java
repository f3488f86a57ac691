package dev.nosqlpatterns.geo;

import java.util.List;
import java.util.Optional;

/**
 * The standard geohash: a point's longitude and latitude bisected in turn, the bits interleaved (a
 * longitude bit first) into a Morton code, written as an integer or in geohash base32.
 *
 * <p>Why: a geohash turns two coordinates into one sortable key, so an ordered key-value store can find
 * nearby points with range scans; see {@link GeoCover} and {@link GeoIndex}. The strings are bit-exact
 * with the published algorithm and the common libraries ({@code (57.64911, 10.40744)} is
 * {@code u4pruydqqvj}, {@code (0, 0)} is {@code s0000...}); a value on a cell edge goes to the cell north
 * or east of it, and the north pole and the antimeridian at +180 go to the last row and column.
 *
 * <p>Integers come in two shapes: the full 64-bit code of {@link #encode(double, double)} (32 bits per
 * axis, compare with {@link Long#compareUnsigned}), and right-aligned prefixes of {@code bits} bits, as
 * {@link #encode(double, double, int)} and {@link #fromBase32} return and {@link GeoCell} holds. A
 * base32 character carries 5 bits, so 12 characters use 60 of the 64. Encoding does one multiplication
 * per axis and a few shifts, and allocates nothing beyond the result.
 */
public final class GeoHash {
    /** The longest base32 geohash: 60 bits, cells about 3.7 cm by 1.9 cm at the equator. */
    public static final int MAX_CHARS = 12;

    private static final char[] ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz".toCharArray();
    private static final byte[] ASCII = "0123456789bcdefghjkmnpqrstuvwxyz".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] VALUES = new byte[128];

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = (byte) i;
        }
    }

    private GeoHash() {
    }

    /** The 64-bit Morton code of a point: 32 longitude bits interleaved with 32 latitude bits. */
    public static long encode(double latitude, double longitude) {
        GeoChecks.latitude("latitude", latitude);
        GeoChecks.longitude("longitude", longitude);
        return encodeUnchecked(latitude, longitude);
    }

    static long encodeUnchecked(double latitude, double longitude) {
        return Morton.interleave((int) Axis.LONGITUDE.quantize(longitude), (int) Axis.LATITUDE.quantize(latitude));
    }

    /** The geohash of a point as a right-aligned integer of {@code bits} bits, 1 to 64. */
    public static long encode(double latitude, double longitude, int bits) {
        GeoChecks.range("geohash bits", bits, 1, 64);
        return encode(latitude, longitude) >>> (64 - bits);
    }

    /** The base32 geohash of a point, {@code chars} characters long (1 to {@value #MAX_CHARS}). */
    public static String toBase32(double latitude, double longitude, int chars) {
        GeoChecks.range("geohash length", chars, 1, MAX_CHARS);
        long code = encode(latitude, longitude);
        byte[] out = new byte[chars];
        for (int i = 0; i < chars; i++) {
            out[i] = ASCII[(int) (code >>> (59 - 5 * i)) & 31];
        }
        // Latin-1 bytes become the string's own storage with one copy, no re-encoding.
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Appends the base32 geohash of a point to {@code out}, allocating nothing else. */
    public static StringBuilder appendBase32(double latitude, double longitude, int chars, StringBuilder out) {
        GeoChecks.range("geohash length", chars, 1, MAX_CHARS);
        long code = encode(latitude, longitude);
        for (int i = 0; i < chars; i++) {
            out.append(ALPHABET[(int) (code >>> (59 - 5 * i)) & 31]);
        }
        return out;
    }

    /** The base32 form of a right-aligned prefix whose bit count is a multiple of 5, from 5 to 60. */
    public static String toBase32(long prefix, int bits) {
        if (bits < 5 || bits > 60 || bits % 5 != 0) {
            throw new IllegalArgumentException("a base32 geohash holds a multiple of 5 bits from 5 to 60, got "
                    + bits + " bits");
        }
        if ((prefix >>> bits) != 0) {
            throw new IllegalArgumentException("prefix 0x" + Long.toHexString(prefix) + " has more than " + bits
                    + " bits");
        }
        char[] out = new char[bits / 5];
        write(prefix, bits, out.length, out);
        return new String(out);
    }

    private static void write(long prefix, int bits, int chars, char[] out) {
        for (int i = 0; i < chars; i++) {
            out[i] = ALPHABET[(int) (prefix >>> (bits - 5 - 5 * i)) & 31];
        }
    }

    /** The right-aligned integer of a base32 geohash: 5 bits per character. */
    public static long fromBase32(String geohash) {
        checkLength(geohash);
        long prefix = 0;
        for (int i = 0; i < geohash.length(); i++) {
            char c = geohash.charAt(i);
            int v = c < 128 ? VALUES[c] : -1;
            if (v < 0) {
                throw new IllegalArgumentException("geohash '" + geohash + "' has " + describe(c) + " at index " + i
                        + "; the geohash alphabet is " + new String(ALPHABET));
            }
            prefix = (prefix << 5) | v;
        }
        return prefix;
    }

    /** The cell a base32 geohash names. */
    public static LatLonBox bounds(String geohash) {
        return GeoCell.parse(geohash).bounds();
    }

    /** The centre of the cell a base32 geohash names, as the common libraries decode it. */
    public static LatLon decode(String geohash) {
        return GeoCell.parse(geohash).centre();
    }

    /**
     * The geohash of the same length next to {@code geohash} in {@code direction}; east and west wrap
     * across the antimeridian, and there is none north of the top row or south of the bottom one.
     */
    public static Optional<String> neighbour(String geohash, Compass direction) {
        return GeoCell.parse(geohash).neighbour(direction).map(GeoCell::toBase32);
    }

    /** The distinct neighbours of a geohash in {@link Compass} order: 8, or 5 next to a pole. */
    public static List<String> neighbours(String geohash) {
        return GeoCell.parse(geohash).neighbours().stream().map(GeoCell::toBase32).toList();
    }

    private static void checkLength(String geohash) {
        if (geohash == null) {
            throw new NullPointerException("geohash must not be null");
        }
        if (geohash.isEmpty() || geohash.length() > MAX_CHARS) {
            throw new IllegalArgumentException("a geohash has 1 to " + MAX_CHARS + " characters, got "
                    + geohash.length() + ": '" + geohash + "'");
        }
    }

    private static String describe(char c) {
        return c >= 0x21 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }
}
