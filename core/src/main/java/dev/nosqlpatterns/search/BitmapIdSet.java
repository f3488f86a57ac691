package dev.nosqlpatterns.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/** An {@link IdSet} as a RoaringBitmap that is never changed after construction. */
final class BitmapIdSet implements IdSet {
    static final BitmapIdSet EMPTY = new BitmapIdSet(new RoaringBitmap());
    private final RoaringBitmap bits;

    BitmapIdSet(RoaringBitmap bits) {
        this.bits = bits;
    }

    static BitmapIdSet of(int[] ids) {
        return new BitmapIdSet(RoaringBitmap.bitmapOfUnordered(ids));
    }

    /** Reads the portable RoaringBitmap serialization. */
    static BitmapIdSet deserialize(byte[] bytes) {
        RoaringBitmap bits = new RoaringBitmap();
        try {
            bits.deserialize(ByteBuffer.wrap(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("a posting chunk holds a damaged bitmap", e);
        }
        return new BitmapIdSet(bits);
    }

    /** The portable RoaringBitmap serialization, run-length optimized. */
    byte[] serialize() {
        RoaringBitmap copy = bits.clone();
        copy.runOptimize();
        ByteBuffer out = ByteBuffer.allocate(copy.serializedSizeInBytes());
        copy.serialize(out);
        return out.array();
    }

    @Override
    public int cardinality() {
        return bits.getCardinality();
    }

    @Override
    public boolean contains(int id) {
        return bits.contains(id);
    }

    @Override
    public IdSet and(IdSet other) {
        return new BitmapIdSet(RoaringBitmap.and(bits, of(other)));
    }

    @Override
    public IdSet or(IdSet other) {
        return new BitmapIdSet(RoaringBitmap.or(bits, of(other)));
    }

    @Override
    public IdSet andNot(IdSet other) {
        return new BitmapIdSet(RoaringBitmap.andNot(bits, of(other)));
    }

    @Override
    public int[] toArray() {
        return bits.toArray();
    }

    @Override
    public IdSet range(long from, long to) {
        return new BitmapIdSet(bits.selectRange(from, to));
    }

    @Override
    public int[] chunks(int chunkBits) {
        int[] out = new int[8];
        int n = 0;
        PeekableIntIterator it = bits.getIntIterator();
        while (it.hasNext()) {
            int chunk = it.next() >>> chunkBits;
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = chunk;
            long next = ((long) chunk + 1) << chunkBits;
            if (next > Integer.MAX_VALUE) {
                break;
            }
            it.advanceIfNeeded((int) next);
        }
        return Arrays.copyOf(out, n);
    }

    private static RoaringBitmap of(IdSet other) {
        if (other instanceof BitmapIdSet b) {
            return b.bits;
        }
        return RoaringBitmap.bitmapOf(other.toArray());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BitmapIdSet b && bits.equals(b.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    @Override
    public String toString() {
        return "bitmap" + IdSets.describe(this);
    }
}
