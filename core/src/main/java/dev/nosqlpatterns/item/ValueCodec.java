package dev.nosqlpatterns.item;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A canonical binary form of {@link Value}s for stores that keep attributes as bytes (Redis hash fields,
 * Cassandra blobs, Lucene stored fields).
 *
 * <p>Canonical means equal values have equal bytes (numbers normalized, set members and map entries
 * sorted), so a store can check {@code attribute = value} by comparing bytes, e.g. inside a script.
 * Layout: one tag byte, then the payload; nested parts are prefixed with their length as a varint.
 *
 * <p>It is the form in which the byte-oriented adapters store attributes, so programs that read or write
 * those stores' data without the library (exports, baselines, Spark columns) use it too.
 */
public final class ValueCodec {
    private static final byte STR = 'S';
    private static final byte NUM = 'N';
    private static final byte BIN = 'B';
    private static final byte TRUE = 'T';
    private static final byte FALSE = 'F';
    private static final byte NULL = 'Z';
    private static final byte STR_SET = 'Q';
    private static final byte NUM_SET = 'R';
    private static final byte LIST = 'L';
    private static final byte MAP = 'M';

    private ValueCodec() {
    }

    /** The canonical bytes of {@code value}. */
    public static byte[] encode(Value value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, value);
        return out.toByteArray();
    }

    /** The value whose canonical bytes are {@code bytes}; the inverse of {@link #encode(Value)}. */
    public static Value decode(byte[] bytes) {
        Reader r = new Reader(bytes, 0, bytes.length);
        Value v = r.value();
        if (r.pos != bytes.length) {
            throw new IllegalArgumentException("trailing bytes after an encoded value at offset " + r.pos);
        }
        return v;
    }

    private static void write(ByteArrayOutputStream out, Value value) {
        if (value instanceof Value.Str s) {
            out.write(STR);
            out.writeBytes(utf8(s.value()));
        } else if (value instanceof Value.Num n) {
            out.write(NUM);
            out.writeBytes(utf8(n.value().toString()));
        } else if (value instanceof Value.Bin b) {
            out.write(BIN);
            out.writeBytes(b.value());
        } else if (value instanceof Value.Bool b) {
            out.write(b.value() ? TRUE : FALSE);
        } else if (value instanceof Value.Null) {
            out.write(NULL);
        } else if (value instanceof Value.StrSet s) {
            out.write(STR_SET);
            writeSorted(out, s.value().stream().map(ValueCodec::utf8).toList());
        } else if (value instanceof Value.NumSet s) {
            out.write(NUM_SET);
            writeSorted(out, s.value().stream().map(d -> utf8(d.toString())).toList());
        } else if (value instanceof Value.ListValue l) {
            out.write(LIST);
            varint(out, l.value().size());
            for (Value v : l.value()) {
                chunk(out, encode(v));
            }
        } else if (value instanceof Value.MapValue m) {
            out.write(MAP);
            varint(out, m.value().size());
            m.value().entrySet().stream()
                    .map(e -> new byte[][] {utf8(e.getKey()), encode(e.getValue())})
                    .sorted((a, b) -> Arrays.compareUnsigned(a[0], b[0]))
                    .forEach(e -> {
                        chunk(out, e[0]);
                        chunk(out, e[1]);
                    });
        } else {
            throw new IllegalArgumentException("unknown value type " + value.getClass());
        }
    }

    private static void writeSorted(ByteArrayOutputStream out, List<byte[]> members) {
        List<byte[]> sorted = new ArrayList<>(members);
        sorted.sort(Arrays::compareUnsigned);
        varint(out, sorted.size());
        sorted.forEach(m -> chunk(out, m));
    }

    private static void chunk(ByteArrayOutputStream out, byte[] bytes) {
        varint(out, bytes.length);
        out.writeBytes(bytes);
    }

    private static void varint(ByteArrayOutputStream out, int n) {
        while ((n & ~0x7f) != 0) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final class Reader {
        private final byte[] bytes;
        private int pos;
        private final int end;

        Reader(byte[] bytes, int pos, int end) {
            this.bytes = bytes;
            this.pos = pos;
            this.end = end;
        }

        Value value() {
            if (pos >= end) {
                throw new IllegalArgumentException("empty encoded value");
            }
            byte tag = bytes[pos++];
            return switch (tag) {
                case STR -> Value.of(rest());
                case NUM -> Value.of(new BigDecimal(rest()));
                case BIN -> {
                    byte[] b = Arrays.copyOfRange(bytes, pos, end);
                    pos = end;
                    yield Value.of(b);
                }
                case TRUE -> Value.of(true);
                case FALSE -> Value.of(false);
                case NULL -> Value.nullValue();
                case STR_SET -> {
                    int n = varint();
                    Set<String> members = new HashSet<>();
                    for (int i = 0; i < n; i++) {
                        members.add(new String(chunk(), StandardCharsets.UTF_8));
                    }
                    yield Value.stringSet(members);
                }
                case NUM_SET -> {
                    int n = varint();
                    Set<BigDecimal> members = new HashSet<>();
                    for (int i = 0; i < n; i++) {
                        members.add(new BigDecimal(new String(chunk(), StandardCharsets.UTF_8)));
                    }
                    yield Value.numberSet(members);
                }
                case LIST -> {
                    int n = varint();
                    List<Value> elements = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        elements.add(decode(chunk()));
                    }
                    yield Value.list(elements);
                }
                case MAP -> {
                    int n = varint();
                    Map<String, Value> entries = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) {
                        String name = new String(chunk(), StandardCharsets.UTF_8);
                        entries.put(name, decode(chunk()));
                    }
                    yield Value.map(entries);
                }
                default -> throw new IllegalArgumentException("unknown value tag " + tag + " at offset " + (pos - 1));
            };
        }

        private String rest() {
            String s = new String(bytes, pos, end - pos, StandardCharsets.UTF_8);
            pos = end;
            return s;
        }

        private byte[] chunk() {
            int n = varint();
            if (n < 0 || pos + n > end) {
                throw new IllegalArgumentException("truncated encoded value at offset " + pos);
            }
            byte[] b = Arrays.copyOfRange(bytes, pos, pos + n);
            pos += n;
            return b;
        }

        private int varint() {
            int result = 0;
            for (int shift = 0; shift < 32; shift += 7) {
                if (pos >= end) {
                    throw new IllegalArgumentException("truncated length at offset " + pos);
                }
                byte b = bytes[pos++];
                result |= (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return result;
                }
            }
            throw new IllegalArgumentException("malformed length at offset " + pos);
        }
    }
}
