package dev.nosqlpatterns.index;

/**
 * A 128-bit hash of a few fields, MurmurHash3's x64 128-bit mix over their UTF-16 code units (each string
 * preceded by its length): the same on every platform, fast, and spread well enough that two different inputs
 * share a hash with a chance of about 2<sup>-128</sup>. Not a defence against inputs chosen to collide.
 */
final class EntryHash {
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;
    private long h1;
    private long h2;
    private long k1;
    private long k2;
    private int buffered;
    private long length;

    EntryHash add(String s) {
        add((long) s.length(), 2);
        for (int i = 0; i < s.length(); i++) {
            unit(s.charAt(i));
        }
        return this;
    }

    EntryHash add(long v) {
        return add(v, 4);
    }

    private EntryHash add(long v, int units) {
        for (int i = 0; i < units; i++) {
            unit((char) (v >>> (16 * i)));
        }
        return this;
    }

    private void unit(char c) {
        long v = c;
        if (buffered < 4) {
            k1 |= v << (16 * buffered);
        } else {
            k2 |= v << (16 * (buffered - 4));
        }
        buffered++;
        length += 2;
        if (buffered == 8) {
            block();
        }
    }

    private void block() {
        h1 ^= mixK1(k1);
        h1 = Long.rotateLeft(h1, 27) + h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= mixK2(k2);
        h2 = Long.rotateLeft(h2, 31) + h1;
        h2 = h2 * 5 + 0x38495ab5;
        k1 = 0;
        k2 = 0;
        buffered = 0;
    }

    private static long mixK1(long k) {
        return Long.rotateLeft(k * C1, 31) * C2;
    }

    private static long mixK2(long k) {
        return Long.rotateLeft(k * C2, 33) * C1;
    }

    /** The hash of what was added, as a tally of one entry. */
    RepairCursor.EntryTally tally() {
        long a = h1;
        long b = h2;
        if (buffered > 0) {
            a ^= mixK1(k1);
            b ^= mixK2(k2);
        }
        a ^= length;
        b ^= length;
        a += b;
        b += a;
        a = fmix(a);
        b = fmix(b);
        a += b;
        b += a;
        return new RepairCursor.EntryTally(1, a, b);
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
