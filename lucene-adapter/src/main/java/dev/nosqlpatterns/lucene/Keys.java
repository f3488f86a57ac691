package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Key;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.lucene.util.BytesRef;

/**
 * The byte layout of the key terms. An item's term is {@code len(table) table len(partition) partition sort}
 * (lengths as varints, strings as UTF-8): the length prefixes make table and partition prefix-free, and the
 * sort key comes last and raw, so the terms of one partition are contiguous and ordered exactly like their
 * sort keys' UTF-8 bytes, which is how Lucene orders terms.
 */
final class Keys {
    /** Never a byte of UTF-8, so {@code prefix + END} sorts after every term that starts with {@code prefix}. */
    static final byte END = (byte) 0xFF;

    private Keys() {
    }

    static BytesRef item(String table, Key key) {
        return new BytesRef(concat(prefix(table, key.partition()), utf8(key.sort())));
    }

    /** The term of a partition, and the prefix of its items' terms. */
    static byte[] prefix(String table, String partition) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunk(out, utf8(table));
        chunk(out, utf8(partition));
        return out.toByteArray();
    }

    /** The prefix of every term of a table. */
    static byte[] prefix(String table) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunk(out, utf8(table));
        return out.toByteArray();
    }

    /** Length-prefixed parts, for terms that combine several values. */
    static byte[] chunks(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            chunk(out, p);
        }
        return out.toByteArray();
    }

    /** The table and key of an item term. */
    static Decoded decode(BytesRef term) {
        byte[] b = BytesRef.deepCopyOf(term).bytes;
        int[] pos = {0};
        String table = next(b, pos);
        String partition = next(b, pos);
        String sort = new String(b, pos[0], b.length - pos[0], StandardCharsets.UTF_8);
        return new Decoded(table, Key.of(partition, sort));
    }

    /** The partition of a partition term. */
    static String partitionOf(BytesRef term) {
        byte[] b = BytesRef.deepCopyOf(term).bytes;
        int[] pos = {0};
        next(b, pos);
        return next(b, pos);
    }

    /** The partition term of an item term. */
    static BytesRef partitionTermOf(BytesRef itemTerm) {
        byte[] b = BytesRef.deepCopyOf(itemTerm).bytes;
        int[] pos = {0};
        next(b, pos);
        next(b, pos);
        return new BytesRef(Arrays.copyOf(b, pos[0]));
    }

    static boolean startsWith(BytesRef term, byte[] prefix) {
        return term.length >= prefix.length && Arrays.equals(term.bytes, term.offset, term.offset + prefix.length,
                prefix, 0, prefix.length);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void chunk(ByteArrayOutputStream out, byte[] bytes) {
        int n = bytes.length;
        while ((n & ~0x7f) != 0) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.writeBytes(bytes);
    }

    private static String next(byte[] b, int[] pos) {
        int n = 0;
        for (int shift = 0; ; shift += 7) {
            if (pos[0] >= b.length || shift > 28) {
                throw new IllegalArgumentException("malformed key term");
            }
            byte x = b[pos[0]++];
            n |= (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                break;
            }
        }
        if (n < 0 || pos[0] + n > b.length) {
            throw new IllegalArgumentException("malformed key term");
        }
        String s = new String(b, pos[0], n, StandardCharsets.UTF_8);
        pos[0] += n;
        return s;
    }

    /** A decoded item term. */
    record Decoded(String table, Key key) {
    }
}
