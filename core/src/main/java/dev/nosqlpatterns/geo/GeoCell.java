package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One geohash cell: the points whose 64-bit geohash starts with the {@code bits} bits of {@code prefix}.
 *
 * <p>A cell of {@code bits} bits has {@code ceil(bits/2)} longitude bits and {@code floor(bits/2)}
 * latitude bits, so it is square in degrees at even bit counts and twice as wide as high at odd ones.
 * Its points form one contiguous run of 64-bit codes, {@link #first()} to {@link #last()}, which is why
 * a cover of a shape by cells becomes a few key ranges. Cells at 5, 10, ... 60 bits are the base32
 * geohashes. The cell of 0 bits is the whole Earth.
 *
 * @param prefix the cell's leading bits, right-aligned
 * @param bits   how many leading bits, 0 to 64
 */
public record GeoCell(long prefix, int bits) {

    /** Checks that {@code prefix} fits in {@code bits}. */
    public GeoCell {
        GeoChecks.range("cell bits", bits, 0, 64);
        if (bits < 64 && (prefix >>> bits) != 0) {
            throw new IllegalArgumentException("cell prefix 0x" + Long.toHexString(prefix) + " has more than "
                    + bits + " bits");
        }
    }

    /** The cell of {@code bits} bits holding a point. */
    public static GeoCell of(double latitude, double longitude, int bits) {
        GeoChecks.range("cell bits", bits, 0, 64);
        return containing(GeoHash.encode(latitude, longitude), bits);
    }

    /** The cell a base32 geohash names. */
    public static GeoCell parse(String geohash) {
        long prefix = GeoHash.fromBase32(geohash);
        return new GeoCell(prefix, 5 * geohash.length());
    }

    /** The cell of {@code bits} bits holding a 64-bit code. */
    public static GeoCell containing(long code, int bits) {
        GeoChecks.range("cell bits", bits, 0, 64);
        return new GeoCell(bits == 0 ? 0 : code >>> (64 - bits), bits);
    }

    /** The smallest 64-bit code in the cell. */
    public long first() {
        return bits == 0 ? 0 : prefix << (64 - bits);
    }

    /** The largest 64-bit code in the cell (compare unsigned). */
    public long last() {
        return first() | Morton.lowMask(bits);
    }

    public int longitudeBits() {
        return (bits + 1) >>> 1;
    }

    public int latitudeBits() {
        return bits >>> 1;
    }

    /** The cell's edges. */
    public LatLonBox bounds() {
        long first = first();
        long last = last();
        long x0 = Morton.x(first) & 0xFFFFFFFFL;
        long x1 = Morton.x(last) & 0xFFFFFFFFL;
        long y0 = Morton.y(first) & 0xFFFFFFFFL;
        long y1 = Morton.y(last) & 0xFFFFFFFFL;
        return new LatLonBox(Axis.LATITUDE.bound(y0), Axis.LONGITUDE.bound(x0),
                Axis.LATITUDE.bound(y1 + 1), Axis.LONGITUDE.bound(x1 + 1));
    }

    /** The centre of the cell. */
    public LatLon centre() {
        long first = first();
        long last = last();
        return new LatLon(Axis.LATITUDE.centre(Morton.y(first) & 0xFFFFFFFFL, Morton.y(last) & 0xFFFFFFFFL),
                Axis.LONGITUDE.centre(Morton.x(first) & 0xFFFFFFFFL, Morton.x(last) & 0xFFFFFFFFL));
    }

    /** True when the point's geohash lies in this cell (each point lies in exactly one cell of a size). */
    public boolean contains(double latitude, double longitude) {
        return contains(GeoHash.encode(latitude, longitude));
    }

    /** True when a 64-bit code lies in this cell. */
    public boolean contains(long code) {
        return Long.compareUnsigned(code, first()) >= 0 && Long.compareUnsigned(code, last()) <= 0;
    }

    /** The enclosing cell one bit shorter. */
    public GeoCell parent() {
        if (bits == 0) {
            throw new IllegalStateException("the cell of 0 bits is the whole Earth and has no parent");
        }
        return new GeoCell(prefix >>> 1, bits - 1);
    }

    /**
     * The cell of the same size next to this one in {@code direction}: columns wrap across the
     * antimeridian; rows stop at the poles, so there is none north of the top row or south of the bottom.
     */
    public Optional<GeoCell> neighbour(Compass direction) {
        int lonBits = longitudeBits();
        int latBits = latitudeBits();
        long row = index(Morton.y(first()), latBits) + direction.rows();
        if (row < 0 || row >= 1L << latBits) {
            return Optional.empty();
        }
        long column = Math.floorMod(index(Morton.x(first()), lonBits) + direction.columns(), 1L << lonBits);
        long code = Morton.interleave(align(column, lonBits), align(row, latBits));
        return Optional.of(new GeoCell(bits == 0 ? 0 : code >>> (64 - bits), bits));
    }

    /** The distinct cells around this one in {@link Compass} order: 8 in general, fewer at a pole or at 0-2 bits. */
    public List<GeoCell> neighbours() {
        List<GeoCell> out = new ArrayList<>(8);
        for (Compass direction : Compass.values()) {
            neighbour(direction).filter(c -> !c.equals(this) && !out.contains(c)).ifPresent(out::add);
        }
        return out;
    }

    /** The base32 geohash of the cell; needs a multiple of 5 bits, 5 to 60. */
    public String toBase32() {
        if (bits < 5 || bits > 60 || bits % 5 != 0) {
            throw new IllegalStateException("a cell of " + bits + " bits has no base32 geohash (needs a multiple of 5"
                    + " from 5 to 60)");
        }
        return GeoHash.toBase32(prefix, bits);
    }

    private static long index(int axisValue, int axisBits) {
        return axisBits == 0 ? 0 : (axisValue & 0xFFFFFFFFL) >>> (32 - axisBits);
    }

    private static int align(long index, int axisBits) {
        return axisBits == 0 ? 0 : (int) (index << (32 - axisBits));
    }

    @Override
    public String toString() {
        return bits >= 5 && bits <= 60 && bits % 5 == 0 ? "GeoCell[" + toBase32() + "]"
                : "GeoCell[" + bits + " bits: 0x" + Long.toHexString(prefix) + "]";
    }
}
