package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;
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
    private static final byte[] VALUES = new byte[128];
    /** For 5 bits of x and 5 of y (x in the high half of the index): the first and second character. */
    private static final char[] FIRST = new char[1024];
    private static final char[] SECOND = new char[1024];

    static {
        for (int pair = 0; pair < 1024; pair++) {
            long bits = Morton.interleave(pair >>> 5, pair & 31);
            FIRST[pair] = ALPHABET[(int) (bits >>> 5) & 31];
            SECOND[pair] = ALPHABET[(int) bits & 31];
        }
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
        GeoChecks.latitude("latitude", latitude);
        GeoChecks.longitude("longitude", longitude);
        int x = (int) Axis.LONGITUDE.quantize(longitude);
        int y = (int) Axis.LATITUDE.quantize(latitude);
        return chars == MAX_CHARS ? full(x, y) : text(x, y, chars);
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
        long code = prefix << (64 - bits);
        return text(Morton.x(code), Morton.y(code), bits / 5);
    }

    /**
     * The first {@code chars} base32 characters of the code of cell integers {@code x} (longitude) and
     * {@code y} (latitude). Two characters hold 5 bits of each axis, so each pair is one lookup of those 10
     * bits, with no interleaving. Concatenating chars compiles to one exactly sized Latin-1 array that
     * becomes the string's own storage, so the string is the only allocation (an array passed to a String
     * constructor would be copied).
     */
    private static String text(int x, int y, int chars) {
        return switch (chars) {
            case 1 -> String.valueOf(c(x, y, 0));
            case 2 -> "" + c(x, y, 0) + c(x, y, 1);
            case 3 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2);
            case 4 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3);
            case 5 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4);
            case 6 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5);
            case 7 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6);
            case 8 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6)
                    + c(x, y, 7);
            case 9 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6)
                    + c(x, y, 7) + c(x, y, 8);
            case 10 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6)
                    + c(x, y, 7) + c(x, y, 8) + c(x, y, 9);
            case 11 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6)
                    + c(x, y, 7) + c(x, y, 8) + c(x, y, 9) + c(x, y, 10);
            case 12 -> "" + c(x, y, 0) + c(x, y, 1) + c(x, y, 2) + c(x, y, 3) + c(x, y, 4) + c(x, y, 5) + c(x, y, 6)
                    + c(x, y, 7) + c(x, y, 8) + c(x, y, 9) + c(x, y, 10) + c(x, y, 11);
            default -> throw new IllegalArgumentException("geohash length must be from 1 to " + MAX_CHARS + ", got " + chars);
        };
    }

    /** The {@value #MAX_CHARS} characters: small enough for the compiler to inline into callers. */
    private static String full(int x, int y) {
        int p0 = pair(x, y, 0);
        int p1 = pair(x, y, 1);
        int p2 = pair(x, y, 2);
        int p3 = pair(x, y, 3);
        int p4 = pair(x, y, 4);
        int p5 = pair(x, y, 5);
        return "" + FIRST[p0] + SECOND[p0] + FIRST[p1] + SECOND[p1] + FIRST[p2] + SECOND[p2]
                + FIRST[p3] + SECOND[p3] + FIRST[p4] + SECOND[p4] + FIRST[p5] + SECOND[p5];
    }

    /** The 10-bit index of character pair {@code k}: bits 31 - 5k down to 27 - 5k of x, then of y. */
    private static int pair(int x, int y, int k) {
        int shift = 27 - 5 * k;
        return ((x >>> shift) & 31) << 5 | ((y >>> shift) & 31);
    }

    /** Character {@code i}: the first or second character of pair {@code i / 2}. */
    private static char c(int x, int y, int i) {
        int pair = pair(x, y, i >> 1);
        return (i & 1) == 0 ? FIRST[pair] : SECOND[pair];
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
