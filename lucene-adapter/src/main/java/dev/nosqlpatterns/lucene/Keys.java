package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Key;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.lucene.util.BytesRef;

/**
 * The byte layout of the key terms. An item's term is {@code table 00 00 partition 00 00 sort}: table and
 * partition as UTF-8 with each zero byte written as {@code 00 FF} (FF never occurs in UTF-8), each closed by
 * {@code 00 00}, then the sort key raw. So terms order exactly like (table, partition, sort key) in UTF-8
 * byte order, which is how Lucene orders terms, and the items of one partition are one contiguous range.
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
        escaped(out, utf8(table));
        escaped(out, utf8(partition));
        return out.toByteArray();
    }

    /**
     * The prefix of the terms of the partitions of {@code table} that begin with {@code partitionPrefix}, and of
     * their items' terms: the partition's bytes escaped, without the bytes that close it.
     */
    static byte[] partitionPrefix(String table, String partitionPrefix) {
        byte[] closed = prefix(table, partitionPrefix);
        return Arrays.copyOf(closed, closed.length - 2);
    }

    /** The prefix of every item term of a table. */
    static byte[] prefix(String table) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        escaped(out, utf8(table));
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
        String table = unescaped(b, pos);
        String partition = unescaped(b, pos);
        String sort = new String(b, pos[0], b.length - pos[0], StandardCharsets.UTF_8);
        return new Decoded(table, Key.of(partition, sort));
    }

    /** The partition of a partition term. */
    static String partitionOf(BytesRef term) {
        byte[] b = BytesRef.deepCopyOf(term).bytes;
        int[] pos = {0};
        unescaped(b, pos);
        return unescaped(b, pos);
    }

    /** The partition term of an item term. */
    static BytesRef partitionTermOf(BytesRef itemTerm) {
        byte[] b = BytesRef.deepCopyOf(itemTerm).bytes;
        int[] pos = {0};
        unescaped(b, pos);
        unescaped(b, pos);
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

    private static void escaped(ByteArrayOutputStream out, byte[] bytes) {
        for (byte x : bytes) {
            out.write(x);
            if (x == 0) {
                out.write(END);
            }
        }
        out.write(0);
        out.write(0);
    }

    private static String unescaped(byte[] b, int[] pos) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            if (pos[0] >= b.length) {
                throw new IllegalArgumentException("malformed key term");
            }
            byte x = b[pos[0]++];
            if (x != 0) {
                out.write(x);
                continue;
            }
            if (pos[0] >= b.length) {
                throw new IllegalArgumentException("malformed key term");
            }
            byte next = b[pos[0]++];
            if (next == 0) {
                return out.toString(StandardCharsets.UTF_8);
            }
            if (next != END) {
                throw new IllegalArgumentException("malformed key term");
            }
            out.write(0);
        }
    }

    /** A decoded item term. */
    record Decoded(String table, Key key) {
    }
}
