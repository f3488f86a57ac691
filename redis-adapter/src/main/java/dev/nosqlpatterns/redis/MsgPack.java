package dev.nosqlpatterns.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the MessagePack that a script packs with Redis' {@code cmsgpack.pack} into the shapes Jedis gives
 * for a RESP reply: arrays as lists, strings as byte arrays, integers as longs. A script returns one packed
 * string instead of an array of thousands of elements, because Redis converts a returned Lua table to a
 * reply element by element, slowly, where {@code cmsgpack} packs it in one pass.
 */
final class MsgPack {
    private final byte[] in;
    private int at;

    private MsgPack(byte[] in) {
        this.in = in;
    }

    /** A script's reply: unpacked when the script packed it, else as Jedis gave it. */
    static List<?> reply(Object reply) {
        return (List<?>) (reply instanceof byte[] packed ? decode(packed) : reply);
    }

    /** The value packed in {@code bytes}, which must hold exactly one. */
    static Object decode(byte[] bytes) {
        MsgPack reader = new MsgPack(bytes);
        Object value = reader.value();
        if (reader.at != bytes.length) {
            throw new IllegalStateException("a packed script reply has " + (bytes.length - reader.at)
                    + " bytes after its value");
        }
        return value;
    }

    private Object value() {
        int b = in[at++] & 0xff;
        if (b <= 0x7f) {
            return (long) b;
        }
        if (b >= 0xe0) {
            return (long) (byte) b;
        }
        if (b >= 0xa0 && b <= 0xbf) {
            return bytes(b & 0x1f);
        }
        if (b >= 0x90 && b <= 0x9f) {
            return array(b & 0x0f);
        }
        if (b == 0x80) {
            // an empty Lua table, which cmsgpack may pack as an empty map
            return List.of();
        }
        return switch (b) {
            case 0xc0 -> null;
            case 0xc2 -> Boolean.FALSE;
            case 0xc3 -> Boolean.TRUE;
            case 0xc4, 0xd9 -> bytes((int) unsigned(1));
            case 0xc5, 0xda -> bytes((int) unsigned(2));
            case 0xc6, 0xdb -> bytes(length(unsigned(4)));
            case 0xca -> (double) Float.intBitsToFloat((int) unsigned(4));
            case 0xcb -> Double.longBitsToDouble(unsigned(8));
            case 0xcc -> unsigned(1);
            case 0xcd -> unsigned(2);
            case 0xce -> unsigned(4);
            case 0xcf, 0xd3 -> unsigned(8);
            case 0xd0 -> (long) (byte) unsigned(1);
            case 0xd1 -> (long) (short) unsigned(2);
            case 0xd2 -> (long) (int) unsigned(4);
            case 0xdc -> array((int) unsigned(2));
            case 0xdd -> array(length(unsigned(4)));
            default -> throw new IllegalStateException("a packed script reply holds MessagePack type 0x"
                    + Integer.toHexString(b) + ", which no script of this adapter packs");
        };
    }

    private static int length(long n) {
        if (n > Integer.MAX_VALUE) {
            throw new IllegalStateException("a packed script reply holds a length of " + n);
        }
        return (int) n;
    }

    private long unsigned(int bytes) {
        long n = 0;
        for (int i = 0; i < bytes; i++) {
            n = (n << 8) | (in[at++] & 0xff);
        }
        return n;
    }

    private byte[] bytes(int length) {
        byte[] out = new byte[length];
        System.arraycopy(in, at, out, 0, length);
        at += length;
        return out;
    }

    private List<Object> array(int size) {
        List<Object> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(value());
        }
        return out;
    }
}
